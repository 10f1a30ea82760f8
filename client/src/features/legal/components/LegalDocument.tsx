import { Alert, Container, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  updated: string;
  note: string;
  sections: LegalSection[];
}

/** A static legal text: title, last update, numbered sections. */
export function LegalDocument({ title, updated, note, sections }: LegalDocumentProps) {
  return (
    <Container size="md" py={56}>
      <Stack gap="xs" mb="xl">
        <Title order={1} fz={36}>
          {title}
        </Title>
        <Text c="dimmed">Last updated {updated}</Text>
      </Stack>
      <Alert variant="light" color="navy" mb="xl">
        {note}
      </Alert>
      <List type="ordered" spacing="xl" listStyleType="none" p={0}>
        {sections.map((section, index) => (
          <List.Item key={section.heading}>
            <Title order={2} fz={20} mb={6}>
              {index + 1}. {section.heading}
            </Title>
            <Text c="gray.8" lh={1.7}>
              {section.body}
            </Text>
          </List.Item>
        ))}
      </List>
    </Container>
  );
}

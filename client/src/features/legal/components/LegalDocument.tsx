import { Anchor, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface LegalSection {
  /** The anchor of the section (#cookies...). */
  id: string;
  heading: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}

/** A paragraph of a legal text. */
export function P({ children }: { children: ReactNode }) {
  return (
    <Text c="gray.8" lh={1.7}>
      {children}
    </Text>
  );
}

/** A sub-heading inside a section (an h3 under the section's h2). */
export function H3({ children }: { children: ReactNode }) {
  return (
    <Title order={3} fz="md" mt="xs">
      {children}
    </Title>
  );
}

/** A bulleted list of a legal text. */
export function Ul({ items }: { items: ReactNode[] }) {
  return (
    <List spacing={6} c="gray.8" lh={1.6} pl={4} styles={{ itemWrapper: { display: 'inline' } }}>
      {items.map((item, index) => (
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List>
  );
}

/** A static legal text: the title and date (h1), its contents, and numbered sections (h2 each). */
export function LegalDocument({ title, updated, intro, sections }: LegalDocumentProps) {
  return (
    <Container size="md" py={{ base: 32, sm: 56 }} px={{ base: 'md', sm: 'xl' }}>
      <Stack gap="xs" mb="xl">
        <Title order={1} fz={{ base: 28, sm: 36 }} lh={1.2}>
          {title}
        </Title>
        <Text c="gray.7">Last updated {updated}</Text>
      </Stack>
      <Stack gap="md" mb="xl">
        {intro}
      </Stack>
      <Paper component="nav" aria-label="Contents" withBorder p="lg" radius="md" mb={40} bg="gray.0">
        <Text fw={700} mb="xs">
          Contents
        </Text>
        <List type="ordered" spacing={4} fz="sm">
          {sections.map((section) => (
            <List.Item key={section.id}>
              <Anchor href={`#${section.id}`} c="navy.8" underline="always">
                {section.heading}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </Paper>
      <Stack gap={36}>
        {sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            style={{ scrollMarginTop: 84 }}
          >
            <Title order={2} id={`${section.id}-title`} fz={{ base: 20, sm: 22 }} mb="sm" lh={1.3}>
              {index + 1}. {section.heading}
            </Title>
            <Stack gap="sm">{section.body}</Stack>
          </section>
        ))}
      </Stack>
    </Container>
  );
}

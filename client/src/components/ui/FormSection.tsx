import { Box, Divider, Grid } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionHeading } from './SectionHeading';

interface FormSectionProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** No divider above (the first section of a form). */
  first?: boolean;
}

/** A titled part of a long form: the explanation beside the fields on wide screens, above them on phones. */
export function FormSection({ title, description, children, first }: FormSectionProps) {
  return (
    <Box>
      {!first && <Divider my="xl" />}
      <Grid gap={{ base: 'md', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <SectionHeading title={title} description={description} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>{children}</Grid.Col>
      </Grid>
    </Box>
  );
}

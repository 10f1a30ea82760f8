import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './Landing.module.css';

interface LandingSectionProps {
  /** The anchor the navigation points at (#features...). */
  id?: string;
  eyebrow: string;
  title: string;
  intro?: ReactNode;
  background?: string;
  children: ReactNode;
}

/** A section of the landing page: a small label, its h2 and what it holds; reachable by its anchor. */
export function LandingSection({ id, eyebrow, title, intro, background, children }: LandingSectionProps) {
  const headingId = `${id ?? eyebrow.toLowerCase().replace(/\W+/g, '-')}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className={classes.section} style={{ background }} tabIndex={-1}>
      <Container size="lg" py={{ base: 56, sm: 80 }}>
        <Stack gap={8} mb={{ base: 28, sm: 40 }} maw={640}>
          <Text tt="uppercase" fw={700} fz="xs" c="navy.7" style={{ letterSpacing: '0.08em' }}>
            {eyebrow}
          </Text>
          <Title order={2} id={headingId} fz={{ base: 26, sm: 32 }} lh={1.2}>
            {title}
          </Title>
          {intro && (
            <Text c="gray.7" fz="md" lh={1.6}>
              {intro}
            </Text>
          )}
        </Stack>
        {children}
      </Container>
    </section>
  );
}

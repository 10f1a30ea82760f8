import { Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { REASONS } from '../content';
import classes from './Landing.module.css';
import { LandingSection } from './LandingSection';

/** Why Choose Us: four cards, each with an icon, a title and a few lines. */
export function WhyChooseUs() {
  return (
    <LandingSection
      eyebrow="Why choose us"
      title="Made for the people who run the process"
      background="var(--mantine-color-gray-0)"
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
        {REASONS.map((reason) => (
          <Paper key={reason.title} p="xl" radius="lg" className={classes.card}>
            <ThemeIcon size={48} radius="md" color="navy.7" aria-hidden>
              <reason.icon size={26} stroke={1.6} />
            </ThemeIcon>
            <Title order={3} fz="lg" mt="lg" mb="xs" lh={1.3}>
              {reason.title}
            </Title>
            <Text fz="sm" c="gray.7" lh={1.65}>
              {reason.content}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}

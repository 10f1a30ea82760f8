import { Accordion, Group, List, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import { FEATURE_TOPICS, type FeatureTopic } from '../content';
import { LandingSection } from './LandingSection';

/** The spec's switch: tabs on wide screens, an accordion at 768 px or narrower. */
export const FEATURES_ACCORDION_QUERY = '(max-width: 768px)';

function TopicBody({ topic, headingOrder }: { topic: FeatureTopic; headingOrder: 3 | 4 }) {
  return (
    <Stack gap="md" maw={760}>
      <Title order={headingOrder} fz={{ base: 18, sm: 22 }} lh={1.3}>
        {topic.title}
      </Title>
      <Text c="gray.7" lh={1.65}>
        {topic.text}
      </Text>
      <List
        spacing="sm"
        center
        icon={
          <ThemeIcon size={22} radius="xl" color="navy.7" aria-hidden>
            <IconCheck size={14} />
          </ThemeIcon>
        }
      >
        {topic.points.map((point) => (
          <List.Item key={point}>
            <Text fz="sm" c="gray.8">
              {point}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** Our Features: the five topics of the product. */
export function OurFeatures() {
  const narrow = useMediaQuery(FEATURES_ACCORDION_QUERY, false, { getInitialValueInEffect: false });
  return (
    <LandingSection
      id="features"
      eyebrow="Our features"
      title="The whole NDA stage of a process, end to end"
      intro="From the first draft to the signed copy: one project per mandate, one thread per clause, one record of what was agreed."
      background="var(--mantine-color-gray-0)"
    >
      {narrow ? (
        <Accordion variant="separated" radius="md" order={3} defaultValue={FEATURE_TOPICS[0]!.value}>
          {FEATURE_TOPICS.map((topic) => (
            <Accordion.Item key={topic.value} value={topic.value} bg="white">
              <Accordion.Control
                icon={
                  <ThemeIcon size={32} radius="md" variant="light" color="navy" aria-hidden>
                    <topic.icon size={18} stroke={1.7} />
                  </ThemeIcon>
                }
              >
                <Text fw={650}>{topic.label}</Text>
              </Accordion.Control>
              <Accordion.Panel>
                <TopicBody topic={topic} headingOrder={4} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      ) : (
        <Tabs defaultValue={FEATURE_TOPICS[0]!.value} variant="pills" radius="md" color="navy.7">
          <Tabs.List mb="xl">
            {FEATURE_TOPICS.map((topic) => (
              <Tabs.Tab key={topic.value} value={topic.value} leftSection={<topic.icon size={18} stroke={1.7} />}>
                {topic.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {FEATURE_TOPICS.map((topic) => (
            <Tabs.Panel key={topic.value} value={topic.value}>
              <Group align="flex-start" wrap="nowrap" gap="xl">
                <ThemeIcon size={56} radius="md" variant="light" color="navy" aria-hidden visibleFrom="md">
                  <topic.icon size={30} stroke={1.6} />
                </ThemeIcon>
                <TopicBody topic={topic} headingOrder={3} />
              </Group>
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </LandingSection>
  );
}

import { Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCloudLock, IconMessages, IconSignature, IconUsersGroup } from '@tabler/icons-react';

const FEATURES = [
  {
    icon: IconMessages,
    title: 'Send & Negotiate',
    text: 'Upload your NDA, send it to each bidder group and settle comments clause by clause.',
  },
  {
    icon: IconUsersGroup,
    title: 'Invite & Track',
    text: 'Bring in your team and follow every recipient: interested, considering or pass.',
  },
  {
    icon: IconSignature,
    title: 'Sign in the cloud',
    text: 'Both sides sign online; the signed copy stays with the project.',
  },
  {
    icon: IconCloudLock,
    title: 'Safe',
    text: 'Hosted with a cloud provider, access by invitation only, and your data is never shared.',
  },
];

export function FeatureHighlights() {
  return (
    <Container size="lg" py={80} id="features">
      <Stack gap={6} mb={40} maw={560}>
        <Text tt="uppercase" fw={700} fz="xs" c="navy.6" style={{ letterSpacing: '0.08em' }}>
          Our features
        </Text>
        <Title order={2} fz={32}>
          The whole NDA process, end to end
        </Title>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <Stack key={title} gap="sm">
            <ThemeIcon size={44} radius="md" variant="light" color="navy">
              <Icon size={24} stroke={1.6} />
            </ThemeIcon>
            <Text fw={650} fz="lg">
              {title}
            </Text>
            <Text c="dimmed" fz="sm" lh={1.6}>
              {text}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Container>
  );
}

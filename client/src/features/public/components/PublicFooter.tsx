import { Anchor, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { BrandLogo } from '@client/components/ui/BrandLogo';

export function PublicFooter() {
  return (
    <footer style={{ background: 'var(--mantine-color-navy-9)' }}>
      <Container size="lg" py={40}>
        <Group justify="space-between" align="flex-start" gap="xl">
          <div>
            <BrandLogo variant="light" size="sm" />
            <Text c="navy.2" fz="sm" mt="sm" maw={320}>
              Send, negotiate and sign NDAs for M&amp;A processes in one secure workspace.
            </Text>
          </div>
          <Group gap="lg">
            <Anchor component={Link} to="/privacyPolicy" c="navy.1" fz="sm">
              Privacy &amp; Cookies Policy
            </Anchor>
            <Anchor component={Link} to="/terms-condition" c="navy.1" fz="sm">
              Terms &amp; Conditions
            </Anchor>
          </Group>
        </Group>
        <Text c="navy.3" fz="xs" mt={32}>
          © {new Date().getFullYear()} NDA Workspace
        </Text>
      </Container>
    </footer>
  );
}

import { ActionIcon, Anchor, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBrandLinkedin, IconBrandX, IconBrandYoutube } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { BrandLogo } from '@client/components/ui/BrandLogo';
import { COMPANY } from '../company';

const ICONS = { LinkedIn: IconBrandLinkedin, X: IconBrandX, YouTube: IconBrandYoutube } as const;

/** Footer of the landing and legal pages: the legal texts, social profiles and the postal address. */
export function PublicFooter() {
  return (
    <footer style={{ background: 'var(--mantine-color-navy-9)' }}>
      <Container size="lg" py={48}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing={40}>
          <Stack gap="sm">
            <BrandLogo variant="light" size="sm" />
            <Text c="navy.1" fz="sm" maw={320}>
              Send, negotiate and sign NDAs for every bidder of a sell-side process in one secure workspace.
            </Text>
            <Group gap="xs" mt={4}>
              {COMPANY.social.map(({ network, url }) => {
                const Icon = ICONS[network];
                return (
                  <ActionIcon
                    key={network}
                    component="a"
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="subtle"
                    color="white"
                    size="lg"
                    aria-label={`${COMPANY.product} on ${network} (opens in a new tab)`}
                  >
                    <Icon size={22} stroke={1.6} aria-hidden />
                  </ActionIcon>
                );
              })}
            </Group>
          </Stack>
          <Stack component="nav" aria-label="Legal" gap="xs">
            <Text component="h2" c="white" fw={700} fz="sm">
              Legal
            </Text>
            <Anchor component={Link} to="/privacyPolicy" c="navy.1" fz="sm">
              Privacy &amp; Cookies Policy
            </Anchor>
            <Anchor component={Link} to="/terms-condition" c="navy.1" fz="sm">
              Terms &amp; Conditions
            </Anchor>
          </Stack>
          <Stack gap="xs">
            <Text component="h2" c="white" fw={700} fz="sm">
              Address
            </Text>
            <Text component="address" c="navy.1" fz="sm" style={{ fontStyle: 'normal' }}>
              {COMPANY.address.map((line) => (
                <span key={line} style={{ display: 'block' }}>
                  {line}
                </span>
              ))}
            </Text>
          </Stack>
        </SimpleGrid>
        <Text c="navy.2" fz="xs" mt={40}>
          © {new Date().getFullYear()} {COMPANY.legalName}. Registered in {COMPANY.jurisdiction}.
        </Text>
      </Container>
    </footer>
  );
}

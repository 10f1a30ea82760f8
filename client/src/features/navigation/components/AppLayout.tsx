import { AppShell, Burger, Container, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router-dom';
import { BrandLink, BrandLogo } from '@client/components/ui/BrandLogo';
import { useCurrentUser } from '@client/features/auth';
import { EventsSync } from '@client/features/events';
import { LiveIndicator, RealtimeProvider } from '@client/features/realtime';
import { NavLinks } from './NavLinks';
import { ProfileMenu } from './ProfileMenu';

/** The frame of every signed-in page: top navigation, profile menu and the live connection. */
export function AppLayout() {
  const user = useCurrentUser();
  const [menuOpened, menu] = useDisclosure(false);
  if (!user) return null;
  return (
    <RealtimeProvider>
      <EventsSync />
      <AppShell header={{ height: 64 }} padding={{ base: 'xs', sm: 'md', md: 'xl' }}>
        <AppShell.Header withBorder>
          <Group h="100%" px="lg" justify="space-between" wrap="nowrap">
            <Group gap="xl" wrap="nowrap">
              <Burger
                opened={menuOpened}
                onClick={menu.toggle}
                hiddenFrom="md"
                size="sm"
                aria-label="Open navigation"
              />
              <BrandLink to="/account" size="sm" />
              <Group component="nav" aria-label="Main" gap={2} visibleFrom="md" wrap="nowrap">
                <NavLinks user={user} />
              </Group>
            </Group>
            <Group gap="lg" wrap="nowrap">
              <LiveIndicator />
              <ProfileMenu user={user} />
            </Group>
          </Group>
        </AppShell.Header>
        <Drawer
          opened={menuOpened}
          onClose={menu.close}
          size={280}
          title={<BrandLogo size="sm" />}
          hiddenFrom="md"
          closeButtonProps={{ 'aria-label': 'Close navigation' }}
        >
          <Stack component="nav" aria-label="Main" gap={4}>
            <NavLinks user={user} onNavigate={menu.close} />
          </Stack>
        </Drawer>
        <AppShell.Main bg="var(--app-page-bg)">
          <Container size="lg" py="md">
            <Outlet />
          </Container>
        </AppShell.Main>
      </AppShell>
    </RealtimeProvider>
  );
}

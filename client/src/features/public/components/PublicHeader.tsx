import { Button, Container, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { BrandLink } from '@client/components/ui/BrandLogo';
import { useSession } from '@client/features/auth';

/** Header of the public pages; the logo goes to the account when signed in, otherwise home. */
export function PublicHeader() {
  const signedIn = useSession() !== null;
  return (
    <header style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', background: 'var(--mantine-color-white)' }}>
      <Container size="lg" h={68}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <BrandLink to={signedIn ? '/account' : '/'} size="sm" />
          {signedIn ? (
            <Button component={Link} to="/projects" variant="light">
              Open workspace
            </Button>
          ) : (
            <Group gap="sm" wrap="nowrap">
              <Button component={Link} to="/login" variant="subtle">
                Log in
              </Button>
              <Button component={Link} to="/sign-up" visibleFrom="xs">
                Register for Free
              </Button>
            </Group>
          )}
        </Group>
      </Container>
    </header>
  );
}

import { Box, Burger, Button, Container, Drawer, Group, Stack, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import { BrandLink, BrandLogo } from '@client/components/ui/BrandLogo';
import { useSession } from '@client/features/auth/first-load';
import { LANDING_ANCHORS } from '../company';
import classes from './PublicHeader.module.css';

/**
 * Header of the landing and legal pages: the landing page's sections and Log in, folded into a menu
 * on narrow screens. The logo goes to the account when signed in, otherwise to the landing page.
 */
export function PublicHeader() {
  const signedIn = useSession() !== null;
  const [opened, menu] = useDisclosure(false);
  const account = signedIn ? (
    <Button component={Link} to="/projects" onClick={menu.close}>
      Open workspace
    </Button>
  ) : (
    <Button component={Link} to="/login" onClick={menu.close}>
      Log in
    </Button>
  );
  return (
    <header className={classes.header}>
      <Container size="lg" h={68}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <BrandLink to={signedIn ? '/account' : '/'} size="sm" />
          <Group component="nav" aria-label="Main" gap={4} wrap="nowrap" visibleFrom="sm">
            {LANDING_ANCHORS.map((item) => (
              <UnstyledButton key={item.to} component={Link} to={item.to} className={classes.link}>
                {item.label}
              </UnstyledButton>
            ))}
            <Box ml="sm">{account}</Box>
          </Group>
          <Burger
            opened={opened}
            onClick={menu.toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={opened ? 'Close navigation' : 'Open navigation'}
            aria-expanded={opened}
          />
        </Group>
      </Container>
      <Drawer
        opened={opened}
        onClose={menu.close}
        size={300}
        position="right"
        title={<BrandLogo size="sm" />}
        hiddenFrom="sm"
        closeButtonProps={{ 'aria-label': 'Close navigation' }}
      >
        <Stack component="nav" aria-label="Main" gap={4}>
          {LANDING_ANCHORS.map((item) => (
            <UnstyledButton
              key={item.to}
              component={Link}
              to={item.to}
              className={classes.drawerLink}
              onClick={menu.close}
            >
              {item.label}
            </UnstyledButton>
          ))}
          <Box mt="md">{account}</Box>
        </Stack>
      </Drawer>
    </header>
  );
}

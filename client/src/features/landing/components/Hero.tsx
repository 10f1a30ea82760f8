import { Button, Container, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import classes from './Hero.module.css';

const PROOF_POINTS = [
  'One NDA, 20 to 200 bidders, every mark-up in one place',
  'Signed PDF with the agreed amendments scheduled',
  'Teaser and CIM released the moment a bidder signs',
];

export function Hero() {
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg" className={classes.inner}>
        <Stack gap="xl" maw={720}>
          <Text tt="uppercase" fw={700} fz="xs" c="navy.1" style={{ letterSpacing: '0.08em' }}>
            For M&amp;A advisers running sell-side processes
          </Text>
          <Title order={1} id="hero-title" c="white" fz={{ base: 32, sm: 48 }} lh={1.15}>
            Run the NDA stage of every deal from one secure workspace.
          </Title>
          <Text fz={{ base: 'md', sm: 'lg' }} c="navy.0" maw={600} lh={1.6}>
            Send your NDA to every bidder group, negotiate their mark-ups clause by clause instead of through e-mail
            chains, and sign in the browser. You always know who has signed, who is still negotiating and who has
            passed.
          </Text>
          <List
            spacing="xs"
            c="navy.0"
            icon={
              <ThemeIcon size={22} radius="xl" color="navy.5" aria-hidden>
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            {PROOF_POINTS.map((point) => (
              <List.Item key={point}>{point}</List.Item>
            ))}
          </List>
          <Group gap="md">
            <Button
              component={Link}
              to="/projects"
              size="lg"
              color="white"
              c="navy.9"
              rightSection={<IconArrowRight size={18} aria-hidden />}
            >
              Go to projects
            </Button>
            <Button component={Link} to="/sign-up" size="lg" variant="outline" color="white">
              Register for free
            </Button>
          </Group>
        </Stack>
      </Container>
    </section>
  );
}

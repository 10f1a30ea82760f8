import { Badge, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import classes from './Hero.module.css';

export function Hero() {
  return (
    <section className={classes.hero}>
      <Container size="lg" className={classes.inner}>
        <Stack gap="xl" maw={680}>
          <Badge variant="outline" color="navy.2" c="navy.1" size="lg" radius="sm" w="fit-content">
            Built for M&amp;A advisers
          </Badge>
          <Title order={1} c="white" fz={{ base: 34, sm: 48 }} lh={1.15}>
            Send, negotiate and sign NDAs for every bidder in one secure workspace.
          </Title>
          <Text fz="lg" c="navy.1" maw={560}>
            Run the confidentiality stage of a deal from a single project: send NDAs to groups of recipients, negotiate
            clauses in real time, sign in the cloud and see who is interested, considering or passing.
          </Text>
          <Group gap="md">
            <Button
              component={Link}
              to="/projects"
              size="lg"
              color="white"
              c="navy.9"
              rightSection={<IconArrowRight size={18} />}
            >
              Go to projects
            </Button>
            <Button component={Link} to="/sign-up" size="lg" variant="outline" color="white">
              Register for Free
            </Button>
          </Group>
        </Stack>
      </Container>
    </section>
  );
}

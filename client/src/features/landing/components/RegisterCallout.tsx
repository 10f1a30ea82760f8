import { Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy } from 'react';
import { Deferred } from './Deferred';

// The form and its validation load once the page is up, not before it is first drawn.
const RegisterInterestForm = lazy(() => import('./RegisterInterestForm'));

/** The time-saving section: an e-mail box that opens sign-up with the address already filled in. */
export function RegisterCallout() {
  return (
    <section aria-labelledby="save-time-title">
      <Container size="lg" py={{ base: 56, sm: 80 }}>
        <Paper p={{ base: 'xl', sm: 48 }} radius="lg" bg="navy.9">
          <Group justify="space-between" align="center" gap="xl">
            <Stack gap={8} maw={480}>
              <Title order={2} id="save-time-title" c="white" fz={{ base: 24, sm: 28 }}>
                Save hours on every process
              </Title>
              <Text c="navy.1" lh={1.6}>
                No more tracking bidders’ mark-ups across spreadsheets and inboxes. Start free with two projects and
                upgrade when your deal flow needs more.
              </Text>
            </Stack>
            <div style={{ flex: '1 1 320px', maxWidth: 480 }}>
              <Deferred minHeight={50}>
                <RegisterInterestForm />
              </Deferred>
            </div>
          </Group>
        </Paper>
      </Container>
    </section>
  );
}

import { Button, Container, Flex, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate } from 'react-router-dom';
import { registerInterestForm } from '@shared/schemas/forms';

/** The time-saving section: an e-mail box that opens sign-up with the address already filled in. */
export function RegisterCallout() {
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { email: '' },
    validate: schemaResolver(registerInterestForm, { sync: true }),
  });
  const start = form.onSubmit(({ email }) => {
    const value = email.trim();
    navigate(value ? `/sign-up?email=${encodeURIComponent(value)}` : '/sign-up');
  });
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
            <form onSubmit={start} noValidate style={{ flex: '1 1 320px', maxWidth: 480 }}>
              <Flex gap="sm" direction={{ base: 'column', xs: 'row' }} align={{ base: 'stretch', xs: 'flex-start' }}>
                <TextInput
                  aria-label="Work e-mail"
                  type="email"
                  autoComplete="email"
                  placeholder="Your work e-mail"
                  {...form.getInputProps('email')}
                  style={{ flex: 1 }}
                  styles={{ error: { color: 'var(--mantine-color-red-2)' } }}
                />
                <Button type="submit" size="md" color="white" c="navy.9">
                  Register for free
                </Button>
              </Flex>
            </form>
          </Group>
        </Paper>
      </Container>
    </section>
  );
}

import { Button, Container, Flex, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate } from 'react-router-dom';
import { registerInterestForm } from '@shared/schemas/forms';

/** E-mail box that opens sign-up with the address already filled in. */
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
    <Container size="lg" pb={88}>
      <Paper p={{ base: 'xl', sm: 48 }} radius="lg" bg="navy.0">
        <Group justify="space-between" align="center" gap="xl">
          <Stack gap={6} maw={460}>
            <Title order={2} fz={28}>
              Save hours on every deal
            </Title>
            <Text c="dimmed">Start free with two projects and upgrade when your deal flow needs more.</Text>
          </Stack>
          <form onSubmit={start} noValidate style={{ flex: '1 1 320px', maxWidth: 460 }}>
            <Flex gap="sm" direction={{ base: 'column', xs: 'row' }} align={{ base: 'stretch', xs: 'flex-end' }}>
              <TextInput
                label="Work e-mail"
                type="email"
                placeholder="you@company.com"
                {...form.getInputProps('email')}
                style={{ flex: 1 }}
              />
              <Button type="submit" size="md">
                Register for free
              </Button>
            </Flex>
          </form>
        </Group>
      </Paper>
    </Container>
  );
}

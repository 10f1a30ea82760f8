import { Button, Flex, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate } from 'react-router-dom';
import { registerInterestForm } from '@shared/schemas/forms';

/** The e-mail box that opens sign-up with the address already filled in. */
export default function RegisterInterestForm() {
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
    <form onSubmit={start} noValidate>
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
  );
}

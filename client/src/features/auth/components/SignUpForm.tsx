import { LocationPicker } from '@client/components/ui/LocationPicker';
import { Anchor, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AUTH_MESSAGES } from '@shared/schemas/auth';
import { signUpForm } from '@shared/schemas/forms';
import { RouterLink } from '@client/components/ui/RouterLink';
import { NewPasswordFields } from './NewPasswordFields';
import { applyFormErrors } from '@client/lib/errors';
import { trpc } from '@client/lib/trpc';
import { ResultMessage } from './ResultMessage';

interface SignUpValues {
  firstName: string;
  lastName: string;
  email: string;
  password1: string;
  password2: string;
  companyName: string;
  location: string;
  terms: boolean;
}

/** Registers an account owner and their company; the account waits for the e-mailed activation. */
export function SignUpForm({ initialEmail }: { initialEmail: string }) {
  const register = trpc.auth.register.useMutation();
  const [done, setDone] = useState(false);
  const form = useForm<SignUpValues>({
    initialValues: {
      firstName: '',
      lastName: '',
      email: initialEmail,
      password1: '',
      password2: '',
      companyName: '',
      location: '',
      terms: false,
    },
    validateInputOnBlur: true,
    validate: schemaResolver(signUpForm, { sync: true }),
  });

  const submit = form.onSubmit(async ({ terms: _terms, ...values }) => {
    try {
      await register.mutateAsync(values);
      setDone(true);
    } catch (err) {
      applyFormErrors(form, err);
    }
  });

  if (done) {
    return (
      <ResultMessage
        status="success"
        message={AUTH_MESSAGES.registered}
        detail={`We sent the activation link to ${form.values.email}.`}
        action={{ label: 'Go to Sign In', to: '/login' }}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput
          label="Company e-mail"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          {...form.getInputProps('email')}
        />
        <NewPasswordFields password={form.getInputProps('password1')} confirmation={form.getInputProps('password2')} />
        <TextInput label="Company name" autoComplete="organization" {...form.getInputProps('companyName')} />
        <LocationPicker {...form.getInputProps('location')} />
        <Checkbox
          label={
            <>
              I agree to the{' '}
              <Anchor component={Link} to="/terms-condition" target="_blank" inherit>
                Terms &amp; Conditions
              </Anchor>
            </>
          }
          aria-label="I agree to the Terms & Conditions"
          {...form.getInputProps('terms', { type: 'checkbox' })}
        />
        <Button type="submit" size="md" fullWidth loading={register.isPending}>
          Sign Up
        </Button>
        <Group justify="center" gap={4}>
          <Text fz="sm" c="dimmed">
            Already have an account?
          </Text>
          <RouterLink to="/login" fz="sm">
            Sign In
          </RouterLink>
        </Group>
      </Stack>
    </form>
  );
}

import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

interface NewPasswordFieldsProps {
  /** The form's input props for the password and for its confirmation. */
  password: GetInputPropsReturnType;
  confirmation: GetInputPropsReturnType;
  /** "new password" on the reset page, "password" when the account is being created. */
  noun?: 'password' | 'new password';
  /** Mark both as required (forms that mark each required field). */
  required?: boolean;
}

/** A new password and its confirmation, as sign-up, invitations and the password reset ask for them. */
export function NewPasswordFields({ password, confirmation, noun = 'password', required }: NewPasswordFieldsProps) {
  const label = noun === 'password' ? 'Password' : 'New password';
  return (
    <>
      <PasswordInput
        label={label}
        required={required}
        autoComplete="new-password"
        description="At least 8 characters"
        visibilityToggleButtonProps={{ 'aria-label': `Show or hide ${noun}` }}
        {...password}
      />
      <PasswordInput
        label={`Confirm ${noun}`}
        required={required}
        autoComplete="new-password"
        visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password confirmation' }}
        {...confirmation}
      />
    </>
  );
}

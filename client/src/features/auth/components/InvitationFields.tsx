import { LocationPicker } from '@client/components/ui/LocationPicker';
import { Button, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { AUTH_MESSAGES } from '@shared/schemas/auth';
import { memberInvitationForm, signerInvitationForm, splitFullName } from '@shared/schemas/forms';
import { applyFormErrors, errorReasonOf } from '@client/lib/errors';
import { trpc } from '@client/lib/trpc';
import type { InvitationCheck, InvitationKind, InvitationLink } from '../api/invitation';
import type { ReturnState } from '../api/return-to';
import { InvitationLinkAlert } from './InvitationLinkAlert';
import { NewPasswordFields } from './NewPasswordFields';
import { ResultMessage } from './ResultMessage';

interface InvitationValues {
  fullName: string;
  newPassword1: string;
  newPassword2: string;
  location: string;
  linkedinLink: string;
  companyName: string;
}

const FIELD_MAP = {
  firstName: 'fullName',
  lastName: 'fullName',
  password: 'newPassword1',
  newLocation: 'location',
  newLinkedinLink: 'linkedinLink',
};

interface InvitationFieldsProps {
  kind: InvitationKind;
  link: InvitationLink;
  /** What the link leads to; null when it could not be read (the server checks the link again). */
  check: InvitationCheck | null;
}

/** The registration form of an invited team member or signer (who also names their company). */
export function InvitationFields({ kind, link, check }: InvitationFieldsProps) {
  const isSigner = kind === 'signer';
  const member = trpc.auth.confirmMemberInvitation.useMutation();
  const signer = trpc.auth.confirmSignerInvitation.useMutation();
  const [done, setDone] = useState(false);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const form = useForm<InvitationValues>({
    initialValues: {
      // The names the inviter typed, which the invited person may correct.
      fullName: check ? `${check.firstName} ${check.lastName}`.trim() : '',
      newPassword1: '',
      newPassword2: '',
      location: '',
      linkedinLink: '',
      companyName: '',
    },
    validateInputOnBlur: true,
    validate: schemaResolver(isSigner ? signerInvitationForm : memberInvitationForm, { sync: true }),
  });

  const submit = form.onSubmit(async ({ fullName, companyName, ...values }) => {
    const payload = { ...values, ...splitFullName(fullName), ...link };
    try {
      if (isSigner) await signer.mutateAsync({ ...payload, companyName });
      else await member.mutateAsync(payload);
      setDone(true);
    } catch (err) {
      const general = applyFormErrors(form, err, FIELD_MAP);
      const reason = errorReasonOf(err);
      if (reason === 'link_expired' || reason === 'link_invalid')
        // Spec: a signer registration token error shows the expired-token message.
        setLinkProblem(isSigner ? AUTH_MESSAGES.invitationExpired : (general ?? AUTH_MESSAGES.invitationInvalid));
    }
  });

  if (done) {
    const state: ReturnState = { email: check?.email ?? undefined };
    return (
      <ResultMessage
        status="success"
        message="Register Success!"
        detail={
          isSigner ? 'Your account is ready. Sign in to open the NDA.' : 'Your account is ready. Sign in to continue.'
        }
        action={{ label: 'Go to Login page', to: '/login', state }}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {linkProblem && <InvitationLinkAlert message={linkProblem} />}
        {check?.email && (
          <TextInput
            label="Email"
            description="The address your invitation was sent to; you sign in with it"
            value={check.email}
            readOnly
            variant="filled"
          />
        )}
        <TextInput
          label="First name & Last name"
          required
          autoComplete="name"
          placeholder="Jane Smith"
          {...form.getInputProps('fullName')}
        />
        <NewPasswordFields
          required
          password={form.getInputProps('newPassword1')}
          confirmation={form.getInputProps('newPassword2')}
        />
        {isSigner && (
          <TextInput
            label="Company name"
            required
            description="Please specify company's legal name"
            autoComplete="organization"
            {...form.getInputProps('companyName')}
          />
        )}
        <LocationPicker required {...form.getInputProps('location')} />
        <TextInput
          label="LinkedIn Url"
          required
          type="url"
          inputMode="url"
          placeholder="linkedin.com/in/…"
          {...form.getInputProps('linkedinLink')}
        />
        <Button type="submit" size="md" fullWidth loading={member.isPending || signer.isPending}>
          Sign Up
        </Button>
      </Stack>
    </form>
  );
}

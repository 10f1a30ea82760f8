import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { AUTH_MESSAGES } from '@shared/schemas/auth';
import { MAX_LOCATION } from '@shared/schemas/fields';
import { memberInvitationForm, signerInvitationForm, splitFullName } from '@shared/schemas/forms';
import { RouterLink } from '@client/components/ui/RouterLink';
import { NewPasswordFields } from './NewPasswordFields';
import { applyFormErrors } from '@client/lib/errors';
import { trpc } from '@client/lib/trpc';
import { ResultMessage } from './ResultMessage';

interface InvitationValues {
  fullName: string;
  newPassword1: string;
  newPassword2: string;
  location: string;
  linkedinLink: string;
  companyName: string;
}

interface InvitationFormProps {
  kind: 'member' | 'signer';
  /** The link's value: uid and token joined by a colon. */
  userIdAndToken: string;
}

const FIELD_MAP = {
  firstName: 'fullName',
  lastName: 'fullName',
  password: 'newPassword1',
  newLocation: 'location',
  newLinkedinLink: 'linkedinLink',
};

function parseLink(value: string): { uid: string; token: string } | null {
  const at = value.indexOf(':');
  if (at <= 0 || at === value.length - 1) return null;
  return { uid: value.slice(0, at), token: value.slice(at + 1) };
}

/** Registration of an invited team member, or of a signer (who also names their company). */
export function InvitationForm({ kind, userIdAndToken }: InvitationFormProps) {
  const link = parseLink(userIdAndToken);
  const isSigner = kind === 'signer';
  const member = trpc.auth.confirmMemberInvitation.useMutation();
  const signer = trpc.auth.confirmSignerInvitation.useMutation();
  const [done, setDone] = useState(false);
  const [linkProblem, setLinkProblem] = useState<string | null>(link ? null : AUTH_MESSAGES.invitationInvalid);
  const form = useForm<InvitationValues>({
    initialValues: {
      fullName: '',
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
    if (!link) return;
    const payload = { ...values, ...splitFullName(fullName), ...link };
    try {
      if (isSigner) await signer.mutateAsync({ ...payload, companyName });
      else await member.mutateAsync(payload);
      setDone(true);
    } catch (err) {
      const general = applyFormErrors(form, err, FIELD_MAP);
      if (general === AUTH_MESSAGES.invitationExpired || general === AUTH_MESSAGES.invitationInvalid)
        setLinkProblem(general);
    }
  });

  if (done)
    return (
      <ResultMessage
        status="success"
        message="Register Success!"
        detail="Your account is ready. Sign in to continue."
        action={{ label: 'Go to Login page', to: '/login' }}
      />
    );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {linkProblem && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="This invitation link cannot be used"
          >
            {linkProblem}{' '}
            {linkProblem === AUTH_MESSAGES.invitationExpired && (
              <RouterLink to="/forgot-password/" inherit>
                Renew your password
              </RouterLink>
            )}
          </Alert>
        )}
        <TextInput
          label="First name & Last name"
          autoComplete="name"
          placeholder="Jane Smith"
          {...form.getInputProps('fullName')}
        />
        <NewPasswordFields
          password={form.getInputProps('newPassword1')}
          confirmation={form.getInputProps('newPassword2')}
        />
        {isSigner && (
          <TextInput
            label="Company name"
            description="Please specify company's legal name"
            autoComplete="organization"
            {...form.getInputProps('companyName')}
          />
        )}
        <TextInput
          label="Location"
          autoComplete="address-level2"
          placeholder="City, country"
          maxLength={MAX_LOCATION}
          {...form.getInputProps('location')}
        />
        <TextInput
          label="LinkedIn Url"
          type="url"
          placeholder="https://www.linkedin.com/in/…"
          {...form.getInputProps('linkedinLink')}
        />
        <Button type="submit" size="md" fullWidth loading={member.isPending || signer.isPending} disabled={!link}>
          Sign Up
        </Button>
      </Stack>
    </form>
  );
}

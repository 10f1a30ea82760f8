import { Center, Loader, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { AUTH_MESSAGES } from '@shared/schemas/auth';
import { type InvitationKind, invitedNdaPath, parseInvitationLink, useInvitationCheck } from '../api/invitation';
import { rememberSignerLink } from '../api/return-to';
import { AccountExists } from './AccountExists';
import { InvitationFields } from './InvitationFields';
import { InvitationLinkAlert } from './InvitationLinkAlert';
import { InvitationSummary } from './InvitationSummary';

interface InvitationFormProps {
  kind: InvitationKind;
  /** The link's value: uid and token joined by a colon. */
  userIdAndToken: string;
}

/**
 * Registration from an invitation link. The link is read first: who invited whom to what, or that it
 * was used already (sign in instead) or cannot be used; a signer's NDA is kept for after sign-in.
 */
export function InvitationForm({ kind, userIdAndToken }: InvitationFormProps) {
  const link = parseInvitationLink(userIdAndToken);
  const check = useInvitationCheck(kind, link);
  const ndaPath = invitedNdaPath(check.data);
  useEffect(() => {
    if (ndaPath) rememberSignerLink(ndaPath);
  }, [ndaPath]);

  // Spec: a signer registration token error (a link that is bad, replaced, expired or used) shows the
  // expired-token message with the way to renew the password.
  const signer = kind === 'signer';
  const unusable = (detail: string | null | undefined) =>
    signer ? AUTH_MESSAGES.invitationExpired : (detail ?? AUTH_MESSAGES.invitationInvalid);

  if (!link) return <InvitationLinkAlert message={unusable(null)} />;
  if (check.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Reading your invitation" />
      </Center>
    );
  const info = check.data ?? null;
  if (info?.status === 'registered')
    return signer ? (
      <Stack gap="lg">
        <InvitationLinkAlert message={unusable(info.detail)} />
        <AccountExists email={info.email} detail={info.detail} />
      </Stack>
    ) : (
      <AccountExists email={info.email} detail={info.detail} />
    );
  if (info && info.status !== 'valid') return <InvitationLinkAlert message={unusable(info.detail)} />;
  return (
    <Stack gap="lg">
      {info && <InvitationSummary kind={kind} check={info} />}
      <InvitationFields kind={kind} link={link} check={info} />
    </Stack>
  );
}

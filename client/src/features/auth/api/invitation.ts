import { invitationCheckInput } from '@shared/schemas/auth';
import { ndaPagePath } from '@shared/paths';
import type { RouterOutputs } from '@client/lib/router-types';
import { trpc } from '@client/lib/trpc';

export type InvitationKind = 'member' | 'signer';
export type InvitationCheck = RouterOutputs['auth']['invitation'];

export interface InvitationLink {
  uid: string;
  token: string;
}

const linkParts = invitationCheckInput.pick({ uid: true, token: true });

/** The link's value: uid and token joined by a colon, each as the server makes them; else null. */
export function parseInvitationLink(value: string): InvitationLink | null {
  const at = value.indexOf(':');
  if (at <= 0 || at === value.length - 1) return null;
  const parsed = linkParts.safeParse({ uid: value.slice(0, at), token: value.slice(at + 1) });
  return parsed.success ? parsed.data : null;
}

/** What the link leads to, read before the form is shown (the link is not used up by reading it). */
export function useInvitationCheck(kind: InvitationKind, link: InvitationLink | null) {
  return trpc.auth.invitation.useQuery(
    { uid: link?.uid ?? '', token: link?.token ?? '', kind },
    { enabled: link !== null, retry: false, staleTime: Infinity, refetchOnWindowFocus: false },
  );
}

/** The NDA page a signer was invited to, or null. */
export function invitedNdaPath(check: InvitationCheck | undefined): string | null {
  if (!check?.project || !check.projectBranch) return null;
  return ndaPagePath(check.project.id, check.projectBranch.id);
}

import { canBeSigned } from '@shared/nda-lifecycle';
import type { Side } from '@shared/negotiation';
import { type AbilityContext, canOpenThread, canReply, sideOf } from '@shared/thread-abilities';
import type { CurrentUser } from '@client/lib/router-types';
import { useCurrentUser } from '@client/features/auth';
import { useBranch } from '@client/features/groups';
import { useProject } from '@client/features/projects';
import { usePermissionFlags } from '@client/lib/use-permission-flags';
import { useNda } from '../api/review-queries';
import type { Branch, Nda, Project, Signership } from '../types';

/** Everything the NDA review page decides its controls by. */
export interface NdaReview {
  me: CurrentUser;
  project: Project;
  branch: Branch;
  nda: Nda;
  flags: Record<string, boolean>;
  /** The negotiating side: the group's signers are the recipient, the project's team the sender. */
  side: Side;
  /** The user's own signership in this group, when they are one of its signers. */
  signership: Signership | null;
  /** What the thread abilities of shared/thread-abilities.ts are decided by. */
  abilities: AbilityContext;
  /** The Comment button and the thread form: spec 6 (flags, allowComments or owner) and an open NDA. */
  canComment: boolean;
  canReply: boolean;
  /** The Sign button and the signing form's actions: a signer of the group, NDA signable, the group not passed on. */
  canSign: boolean;
  /** A signer of the group passed on the opportunity: the negotiation is closed. */
  passed: boolean;
}

export type NdaReviewState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown; notFound: 'project' | 'group' | null }
  | { status: 'no-nda'; project: Project; branch: Branch }
  | { status: 'ready'; review: NdaReview };

function statusOf(err: unknown): number | undefined {
  return (
    (err as { status?: number } | null)?.status ?? (err as { data?: { httpStatus?: number } } | null)?.data?.httpStatus
  );
}

/** Loads the project, the group, its NDA and the user's permissions, and derives what the page may show. */
export function useNdaReview(projectId: number, branchId: number): NdaReviewState {
  const me = useCurrentUser();
  const project = useProject(projectId);
  const branch = useBranch(branchId);
  const ndaId = branch.data?.nda?.id ?? null;
  const nda = useNda(ndaId);
  const { flags, loaded: flagsLoaded } = usePermissionFlags();

  if (project.isError)
    return { status: 'error', error: project.error, notFound: statusOf(project.error) === 404 ? 'project' : null };
  if (branch.isError)
    return { status: 'error', error: branch.error, notFound: statusOf(branch.error) === 404 ? 'group' : null };
  if (branch.data && branch.data.project !== projectId) return { status: 'error', error: null, notFound: 'group' };
  if (project.data && branch.data && !branch.data.nda)
    return { status: 'no-nda', project: project.data, branch: branch.data };
  if (nda.isError) return { status: 'error', error: nda.error, notFound: statusOf(nda.error) === 404 ? 'group' : null };
  if (!me || !project.data || !branch.data || !nda.data || !flagsLoaded) return { status: 'loading' };

  const signership = branch.data.signerships.find((s) => s.signer.id === me.id) ?? null;
  // For the whole group: a recipient sees only their own signership, not a co-recipient's pass.
  const passed = branch.data.passed;
  const abilities: AbilityContext = {
    actor: { userId: me.id, access: project.data.access, flags },
    project: { creatorId: project.data.user },
    group: { allowComments: branch.data.allowComments, passed },
    nda: nda.data,
  };
  return {
    status: 'ready',
    review: {
      me,
      project: project.data,
      branch: branch.data,
      nda: nda.data,
      flags,
      side: sideOf(project.data.access),
      signership,
      abilities,
      canComment: canOpenThread(abilities),
      canReply: canReply(abilities),
      canSign: !!signership && canBeSigned(nda.data) && !passed && !signership.signed,
      passed,
    },
  };
}

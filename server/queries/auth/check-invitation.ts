import type { InvitationCheckInput } from '@shared/schemas/auth.js';
import { AUTH_MESSAGES } from '@shared/schemas/auth.js';
import type { Core } from '@server/core.js';
import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema.js';
import { recipientGroupName } from '@server/presenters/branch.js';
import { decodeUid, sha256 } from '@server/services/tokens.js';

/** What an invitation link leads to, told to its holder before they type anything. */
export interface InvitationCheck {
  /**
   * `valid`: the form may be filled in; `registered`: the account exists, sign in instead;
   * `expired` and `invalid`: the link cannot be used (`detail` says why).
   */
  status: 'valid' | 'registered' | 'expired' | 'invalid';
  detail: string | null;
  /** The e-mail being registered (null when the link is not this account's). */
  email: string | null;
  /** The names the inviter typed for the recipient, to pre-fill the form. */
  firstName: string;
  lastName: string;
  invitedBy: { firstName: string; lastName: string; company: { name: string } | null } | null;
  /** A signer's latest NDA sent to them: where they land after signing in. */
  project: { id: number; name: string } | null;
  projectBranch: { id: number; name: string } | null;
  nda: { id: number; name: string } | null;
}

const UNUSABLE: Omit<InvitationCheck, 'status' | 'detail'> = {
  email: null,
  firstName: '',
  lastName: '',
  invitedBy: null,
  project: null,
  projectBranch: null,
  nda: null,
};

const PURPOSE = { member: 'member_invitation', signer: 'signer_invitation' } as const;

/**
 * Reads an invitation link without using it up: whether it can still register an account, and who
 * invited its holder to what. Only the holder of a link that was issued to the account learns anything.
 */
export async function checkInvitation(
  core: Core,
  { input }: { input: InvitationCheckInput },
): Promise<InvitationCheck> {
  const userId = decodeUid(input.uid);
  if (!userId) return { status: 'invalid', detail: AUTH_MESSAGES.invitationInvalid, ...UNUSABLE };
  const db = core.db;
  const token = await db
    .selectFrom('oneTimeTokens')
    .select(['userId', 'usedAt', 'expiresAt'])
    .where('tokenHash', '=', sha256(input.token))
    .where('purpose', '=', PURPOSE[input.kind])
    .executeTakeFirst();
  const user =
    token?.userId === userId
      ? await db
          .selectFrom('users')
          .leftJoin('companies', 'companies.id', 'users.companyId')
          .select([
            'users.id',
            'users.email',
            'users.firstName',
            'users.lastName',
            'users.passwordHash',
            'users.invitedById',
            'users.role',
            'companies.name as companyName',
          ])
          .where('users.id', '=', userId)
          .where('users.isDeleted', '=', false)
          .executeTakeFirst()
      : undefined;
  if (!token || !user) return { status: 'invalid', detail: AUTH_MESSAGES.invitationInvalid, ...UNUSABLE };

  const registered = user.passwordHash !== null;
  if (!registered && token.usedAt) return { status: 'invalid', detail: AUTH_MESSAGES.invitationReplaced, ...UNUSABLE };
  if (!registered && token.expiresAt.getTime() <= Date.now())
    return { status: 'expired', detail: AUTH_MESSAGES.invitationExpired, ...UNUSABLE };

  const [invitedBy, sent] = await Promise.all([
    inviter(db, user.invitedById),
    input.kind === 'signer' ? latestSentNda(db, user.id) : undefined,
  ]);
  return {
    status: registered ? 'registered' : 'valid',
    detail: registered ? AUTH_MESSAGES.invitationRegistered : null,
    email: user.email,
    firstName: registered ? '' : user.firstName,
    lastName: registered ? '' : user.lastName,
    invitedBy,
    project: sent ? { id: sent.projectId, name: sent.projectName } : null,
    // The group's name is the sending team's label: the recipient sees their own company's name instead.
    projectBranch: sent ? { id: sent.branchId, name: recipientGroupName(user) } : null,
    nda: sent?.ndaId ? { id: sent.ndaId, name: sent.ndaName ?? '' } : null,
  };
}

async function inviter(db: Kysely<Database>, id: number | null): Promise<InvitationCheck['invitedBy']> {
  if (id === null) return null;
  const row = await db
    .selectFrom('users')
    .leftJoin('companies', 'companies.id', 'users.companyId')
    .select(['users.firstName', 'users.lastName', 'companies.name as companyName'])
    .where('users.id', '=', id)
    .where('users.isDeleted', '=', false)
    .executeTakeFirst();
  if (!row) return null;
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    company: row.companyName ? { name: row.companyName } : null,
  };
}

/** The group whose NDA was last sent to the user (each send renews the link), if they are still in it. */
async function latestSentNda(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('events')
    .innerJoin('projectBranches', 'projectBranches.id', 'events.projectBranchId')
    .innerJoin('projects', 'projects.id', 'projectBranches.projectId')
    .innerJoin('signerships', (j) =>
      j.onRef('signerships.projectBranchId', '=', 'projectBranches.id').on('signerships.userId', '=', userId),
    )
    .leftJoin('ndas', (j) => j.onRef('ndas.projectBranchId', '=', 'projectBranches.id').on('ndas.isSent', '=', true))
    .select([
      'projects.id as projectId',
      'projects.name as projectName',
      'projectBranches.id as branchId',
      'ndas.id as ndaId',
      'ndas.name as ndaName',
    ])
    .where('events.status', '=', 'nda_sent')
    .where('events.subjectId', '=', userId)
    .orderBy('events.id', 'desc')
    .orderBy('ndas.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

import type { Tx } from '@server/db/transaction.js';
import { AppError } from '@server/errors.js';

export const APPROVER_MESSAGES = {
  notMember: 'Each approver must be a team member on the project.',
} as const;

/**
 * Gives the listed project members the approve permission (releasing or discarding held proposals)
 * and takes it from the others, in the caller's transaction; a listed user who is not a member is 400.
 */
export async function setApprovers(tx: Tx, { projectId, userIds }: { projectId: number; userIds: number[] }) {
  const members = await tx.db
    .selectFrom('projectMembers')
    .select('userId')
    .where('projectId', '=', projectId)
    .execute();
  const known = new Set(members.map((m) => m.userId));
  if (userIds.some((id) => !known.has(id)))
    throw AppError.fields('invalid_input', { approvers: APPROVER_MESSAGES.notMember });
  await tx.db
    .updateTable('projectMembers')
    .set((eb) => ({ canApprove: (userIds.length ? eb('userId', 'in', userIds) : eb.lit(false)).$castTo<boolean>() }))
    .where('projectId', '=', projectId)
    .execute();
}

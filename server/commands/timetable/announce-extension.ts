import type { Core } from '@server/core.js';
import type { Tx } from '@server/db/transaction.js';
import { deadlineExtendedMail } from '@server/mail/timetable-mails.js';
import type { Actor } from '@server/policies/actor.js';
import { recordEvent } from '../events/record-event.js';
import { awaitingSignature, groupNotPassed } from './timetable-sql.js';

/**
 * A deadline extended for these groups (the group's own, or the project's for the groups that inherit
 * it): each group whose NDA still waits for its signature gets a deadline_extended event, and each of
 * its recipients who has not signed an e-mail with the new deadline, in the caller's transaction.
 */
export async function announceExtension(
  core: Core,
  tx: Tx,
  {
    actor,
    projectId,
    branchIds,
    deadline,
    ip,
  }: { actor: Actor; projectId: number; branchIds: number[]; deadline: Date | null; ip?: string },
): Promise<void> {
  if (branchIds.length === 0) return;
  const groups = await tx.db
    .selectFrom('projectBranches')
    .innerJoin('projects', 'projects.id', 'projectBranches.projectId')
    .innerJoin('companies', 'companies.id', 'projects.companyId')
    .innerJoin('ndas', 'ndas.projectBranchId', 'projectBranches.id')
    .select([
      'projectBranches.id as branchId',
      'ndas.id as ndaId',
      'projects.name as projectName',
      'companies.name as companyName',
    ])
    .where('projectBranches.id', 'in', branchIds)
    .where('projects.id', '=', projectId)
    .where((eb) => awaitingSignature(eb))
    .where((eb) => groupNotPassed(eb))
    .orderBy('projectBranches.id')
    .execute();
  for (const g of groups) {
    await recordEvent(core, tx, {
      projectId,
      projectBranchId: g.branchId,
      authorId: actor.user.id,
      status: 'deadline_extended',
      ndaId: g.ndaId,
      ip,
    });
    const signers = await tx.db
      .selectFrom('signerships')
      .innerJoin('users', 'users.id', 'signerships.userId')
      .select(['users.email', 'users.firstName'])
      .where('signerships.projectBranchId', '=', g.branchId)
      .where('signerships.signedAt', 'is', null)
      .where('users.isDeleted', '=', false)
      .orderBy('signerships.id')
      .execute();
    for (const s of signers) {
      const mail = deadlineExtendedMail({
        appUrl: core.config.appUrl,
        recipientFirstName: s.firstName,
        projectName: g.projectName,
        companyName: g.companyName,
        projectId,
        branchId: g.branchId,
        deadline,
      });
      await core.outbox.enqueue(tx, { to: s.email, ...mail });
    }
  }
}

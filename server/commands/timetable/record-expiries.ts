import { sql } from 'kysely';
import type { Core } from '@server/core.js';
import { recordEvent } from '../events/record-event.js';
import { awaitingSignature, groupDeadline, groupNotPassed } from './timetable-sql.js';

const BATCH = 50;

/**
 * Records nda_expired once for each group whose deadline has passed with its NDA unsigned. The group
 * row keeps the deadline recorded, so a deadline extended and passed again is recorded again. Groups
 * are claimed with FOR UPDATE SKIP LOCKED: several server processes never record one twice.
 */
export async function recordExpiries(core: Core, now: Date, stopped: () => boolean = () => false): Promise<void> {
  for (;;) {
    if (stopped()) return;
    const claimed = await core.tx(async (tx) => {
      const rows = await tx.db
        .selectFrom('projectBranches')
        .innerJoin('projects', 'projects.id', 'projectBranches.projectId')
        .innerJoin('ndas', 'ndas.projectBranchId', 'projectBranches.id')
        .select(['projectBranches.id as branchId', 'projects.id as projectId', 'ndas.id as ndaId'])
        .select(groupDeadline().as('deadline'))
        .where(groupDeadline(), '<=', now)
        .where(sql<boolean>`${sql.ref('projectBranches.expiredDeadline')} is distinct from ${groupDeadline()}`)
        .where((eb) => awaitingSignature(eb))
        .where((eb) => groupNotPassed(eb))
        .orderBy('projectBranches.id')
        .limit(BATCH)
        .forUpdate('projectBranches')
        .skipLocked()
        .execute();
      for (const row of rows) {
        await tx.db
          .updateTable('projectBranches')
          .set({ expiredDeadline: row.deadline })
          .where('id', '=', row.branchId)
          .execute();
        await recordEvent(core, tx, {
          projectId: row.projectId,
          projectBranchId: row.branchId,
          authorId: null,
          status: 'nda_expired',
          ndaId: row.ndaId,
        });
      }
      return rows.length;
    });
    if (claimed < BATCH) return;
  }
}

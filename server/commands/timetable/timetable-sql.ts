import { type Expression, type ExpressionBuilder, sql, type SqlBool } from 'kysely';
import type { Database } from '@server/db/schema.js';

/** The SQL forms of the timetable's rules (shared/timetable.ts), for queries over many groups at once. */

type Joined = ExpressionBuilder<Database, 'projectBranches' | 'projects'>;

/** A group's deadline: its own, else its project's (null: none). */
export const groupDeadline = () =>
  sql<Date | null>`coalesce(${sql.ref('projectBranches.ndaDeadline')}, ${sql.ref('projects.ndaDeadline')})`;

/** The NDA still waits for the group's signature: sent, neither signed, awaiting countersignature nor recalled. */
export function awaitingSignature(eb: ExpressionBuilder<Database, 'ndas'>): Expression<SqlBool> {
  return eb.and([
    eb('ndas.isSent', '=', true),
    eb('ndas.isSigned', '=', false),
    eb('ndas.isRecalled', '=', false),
    eb('ndas.recipientSignedAt', 'is', null),
  ]);
}

/** Nobody of the group passed on the opportunity (a pass closes the group's negotiation). */
export function groupNotPassed(eb: Joined): Expression<SqlBool> {
  return eb.not(
    eb.exists(
      eb
        .selectFrom('signerships as passed')
        .select('passed.id')
        .whereRef('passed.projectBranchId', '=', 'projectBranches.id')
        .where('passed.rejectedAt', 'is not', null),
    ),
  );
}

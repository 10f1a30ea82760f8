import { sql } from 'kysely';
import { ACCOUNT_PATH, ndaPagePath } from '@shared/paths.js';
import type { Db } from '@server/db/connect.js';
import type { UserRow } from '@server/db/schema.js';

/**
 * Where a user lands after signing in when no page asked for them, decided here so every browser
 * agrees (a phone that never opened the invitation lands where the desktop did): a recipient on their
 * NDA (the newest sent to them that still waits for them, else the newest they received), anyone
 * else on the account page.
 */
export async function homePath(db: Db, user: Pick<UserRow, 'id' | 'role'>): Promise<string> {
  if (user.role !== 'signer') return ACCOUNT_PATH;
  const nda = await db
    .selectFrom('signerships')
    .innerJoin('projectBranches', 'projectBranches.id', 'signerships.projectBranchId')
    .innerJoin('ndas', 'ndas.projectBranchId', 'signerships.projectBranchId')
    .select(['projectBranches.projectId', 'signerships.projectBranchId'])
    .where('signerships.userId', '=', user.id)
    .where('ndas.isSent', '=', true)
    .orderBy(sql`(ndas.is_signed or ndas.is_recalled or signerships.rejected_at is not null)`)
    .orderBy('ndas.sentAt', (ob) => ob.desc().nullsLast())
    .orderBy('ndas.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return nda ? ndaPagePath(nda.projectId, nda.projectBranchId) : ACCOUNT_PATH;
}

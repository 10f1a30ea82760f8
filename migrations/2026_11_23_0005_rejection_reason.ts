import type { Kysely } from 'kysely';

// Why a signer passed on the opportunity, in their own words (optional): the sending team reads it on
// the tracker and in the activity feed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('signerships').addColumn('rejection_reason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('signerships').dropColumn('rejection_reason').execute();
}

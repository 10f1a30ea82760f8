import { sql, type Kysely } from 'kysely';

// Reports count, per month, the NDAs sent, signed and recalled in a set of groups: an index of those
// events alone, by group and time, carrying what the count reads, so a report never walks the
// comment and viewing events that make up most of the table. A team member's projects are found
// from their memberships and from the projects they created: the latter by owner.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('projects_owner_idx').on('projects').column('owner_id').execute();
  await sql`create index events_nda_moves_idx on events (project_branch_id, created_at) include (status, nda_id)
    where status in ('nda_sent', 'nda_signed', 'nda_recalled')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('events_nda_moves_idx').execute();
  await db.schema.dropIndex('projects_owner_idx').execute();
}

import { type Kysely, sql } from 'kysely';

// Where each party signs on the NDA's own pages: boxes placed by the sender, filled in at signing. Like
// pointers, places are fractions (0..1) of the page's visible box, from its top-left corner.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signature_fields')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('nda_id', 'integer', (c) => c.notNull().references('ndas.id').onDelete('cascade'))
    .addColumn('party', 'varchar(16)', (c) => c.notNull().check(sql`party in ('sender', 'recipient')`))
    .addColumn('kind', 'varchar(16)', (c) =>
      c.notNull().check(sql`kind in ('signature', 'name', 'company', 'title', 'date')`),
    )
    .addColumn('page', 'integer', (c) => c.notNull().check(sql`page >= 1`))
    .addColumn('x', 'double precision', (c) => c.notNull().check(sql`x >= 0 and x <= 1`))
    .addColumn('y', 'double precision', (c) => c.notNull().check(sql`y >= 0 and y <= 1`))
    .addColumn('width', 'double precision', (c) => c.notNull().check(sql`width > 0 and width <= 1`))
    .addColumn('height', 'double precision', (c) => c.notNull().check(sql`height > 0 and height <= 1`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('signature_fields_nda_idx').on('signature_fields').columns(['nda_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('signature_fields').execute();
}

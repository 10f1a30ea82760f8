import { type Kysely, sql } from 'kysely';

// Who signs an NDA and how: the disclosing party a project acts for (and whether the sending company
// signs as its agent), how the sending side countersigns and when the teaser and CIM unlock; signature
// fields on templates and the `address` field kind; the consent each signatory gives to sign
// electronically; and a bidder's signature kept while it awaits a countersignature.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('disclosing_party_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('disclosing_party_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('signs_as_agent', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('countersignature', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('automatic')
        .check(sql`countersignature in ('automatic', 'manual')`),
    )
    .addColumn('release_documents_on', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('executed')
        .check(sql`release_documents_on in ('recipient_signed', 'executed')`),
    )
    .execute();

  await sql`alter table signature_fields drop constraint if exists signature_fields_kind_check`.execute(db);
  await sql`alter table signature_fields add constraint signature_fields_kind_check
    check (kind in ('signature', 'name', 'company', 'title', 'date', 'address'))`.execute(db);

  await db.schema
    .createTable('template_signature_fields')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('template_id', 'integer', (c) => c.notNull().references('nda_templates.id').onDelete('cascade'))
    .addColumn('party', 'varchar(16)', (c) => c.notNull().check(sql`party in ('sender', 'recipient')`))
    .addColumn('kind', 'varchar(16)', (c) =>
      c.notNull().check(sql`kind in ('signature', 'name', 'company', 'title', 'date', 'address')`),
    )
    .addColumn('page', 'integer', (c) => c.notNull().check(sql`page >= 1`))
    .addColumn('x', 'double precision', (c) => c.notNull().check(sql`x >= 0 and x <= 1`))
    .addColumn('y', 'double precision', (c) => c.notNull().check(sql`y >= 0 and y <= 1`))
    .addColumn('width', 'double precision', (c) => c.notNull().check(sql`width > 0 and width <= 1`))
    .addColumn('height', 'double precision', (c) => c.notNull().check(sql`height > 0 and height <= 1`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('template_signature_fields_template_idx')
    .on('template_signature_fields')
    .columns(['template_id', 'id'])
    .execute();

  await db.schema
    .createTable('signing_consents')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('nda_id', 'integer', (c) => c.notNull().references('ndas.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('side', 'varchar(16)', (c) => c.notNull().check(sql`side in ('recipient', 'sender')`))
    .addColumn('via', 'varchar(16)', (c) => c.notNull().check(sql`via in ('confirmation', 'api')`))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('given_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('signing_consents_nda_idx').on('signing_consents').columns(['nda_id', 'id']).execute();

  // The bidder's signature while the sending side's countersignature is pending: who, when, from where,
  // and the party as the signed file will show it (the signature image kept as a blob of its own).
  await db.schema
    .alterTable('ndas')
    .addColumn('recipient_signed_at', 'timestamptz')
    .addColumn('recipient_signed_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('recipient_party', 'jsonb')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('ndas')
    .dropColumn('recipient_signed_at')
    .dropColumn('recipient_signed_by_id')
    .dropColumn('recipient_party')
    .execute();
  await db.schema.dropTable('signing_consents').execute();
  await db.schema.dropTable('template_signature_fields').execute();
  await sql`delete from signature_fields where kind = 'address'`.execute(db);
  await sql`alter table signature_fields drop constraint if exists signature_fields_kind_check`.execute(db);
  await sql`alter table signature_fields add constraint signature_fields_kind_check
    check (kind in ('signature', 'name', 'company', 'title', 'date'))`.execute(db);
  await db.schema
    .alterTable('projects')
    .dropColumn('disclosing_party_name')
    .dropColumn('disclosing_party_address')
    .dropColumn('signs_as_agent')
    .dropColumn('countersignature')
    .dropColumn('release_documents_on')
    .execute();
}

import { type Kysely, sql } from 'kysely';

// The sending team's playbook: per clause key of a project's or a template's NDA, the preferred wording,
// ordered fallbacks, a walk-away note and internal guidance. Internal: never shown to a recipient.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('playbook_clauses')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
    .addColumn('template_id', 'integer', (c) => c.references('nda_templates.id').onDelete('cascade'))
    .addColumn('clause_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('preferred', 'text', (c) => c.notNull())
    .addColumn('fallbacks', 'jsonb', (c) => c.notNull())
    .addColumn('walk_away', 'text', (c) => c.notNull())
    .addColumn('guidance', 'text', (c) => c.notNull())
    .addCheckConstraint('playbook_clauses_one_owner', sql`(project_id is null) <> (template_id is null)`)
    .execute();
  await db.schema
    .createIndex('playbook_clauses_project_key')
    .on('playbook_clauses')
    .columns(['project_id', 'clause_key'])
    .unique()
    .where(sql.ref('project_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('playbook_clauses_template_key')
    .on('playbook_clauses')
    .columns(['template_id', 'clause_key'])
    .unique()
    .where(sql.ref('template_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('playbook_clauses').execute();
}

import { type Kysely, sql } from 'kysely';

// Deal documents: any number of PDFs per project, each released to a group by a rule: on the NDA's
// sending ("invitation"), on the bidder's signature ("signed"), on full execution ("executed") or by
// hand per group ("manual", a deal_document_releases row; a hand release also works for the other
// rules). The teaser and the CIM are two of them (`kind`): their file stays on the project row, where
// the project's form sets it, and trigger projects_deal_documents keeps their document row in step
// (created with the file, its file replaced with it, removed with it; the CIM's rule follows the
// project's release_documents_on). The teaser's rule is "signed", and a group with send_teaser gets it
// on invitation as before; the CIM's is "signed" or "executed" as release_documents_on says.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('deal_documents')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(8)', (c) => c.check(sql`kind in ('teaser', 'cim')`))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('file_key', 'varchar(500)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(260)', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('release', 'varchar(12)', (c) =>
      c.notNull().check(sql`release in ('invitation', 'signed', 'executed', 'manual')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('deal_documents_project_kind_key', ['project_id', 'kind'])
    .execute();
  await db.schema
    .createTable('deal_document_releases')
    .addColumn('document_id', 'integer', (c) => c.notNull().references('deal_documents.id').onDelete('cascade'))
    .addColumn('project_branch_id', 'integer', (c) => c.notNull().references('project_branches.id').onDelete('cascade'))
    .addColumn('released_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('released_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('deal_document_releases_pkey', ['document_id', 'project_branch_id'])
    .execute();
  await sql`create index deal_document_releases_branch_idx on deal_document_releases (project_branch_id)`.execute(db);
  await sql`
    create function projects_deal_documents() returns trigger language plpgsql as $$
    begin
      if new.teaser_key is null then
        delete from deal_documents where project_id = new.id and kind = 'teaser';
      else
        insert into deal_documents (project_id, kind, title, file_key, file_name, release)
        values (new.id, 'teaser', 'Teaser', new.teaser_key, coalesce(new.teaser_name, 'teaser.pdf'), 'signed')
        on conflict (project_id, kind)
        do update set file_key = excluded.file_key, file_name = excluded.file_name
        where deal_documents.file_key is distinct from excluded.file_key
           or deal_documents.file_name is distinct from excluded.file_name;
      end if;
      if new.cim_key is null then
        delete from deal_documents where project_id = new.id and kind = 'cim';
      else
        insert into deal_documents (project_id, kind, title, file_key, file_name, release)
        values (new.id, 'cim', 'CIM', new.cim_key, coalesce(new.cim_name, 'cim.pdf'),
                case new.release_documents_on when 'recipient_signed' then 'signed' else 'executed' end)
        on conflict (project_id, kind)
        do update set file_key = excluded.file_key, file_name = excluded.file_name
        where deal_documents.file_key is distinct from excluded.file_key
           or deal_documents.file_name is distinct from excluded.file_name;
      end if;
      if tg_op = 'UPDATE' and new.release_documents_on is distinct from old.release_documents_on then
        update deal_documents
           set release = case new.release_documents_on when 'recipient_signed' then 'signed' else 'executed' end
         where project_id = new.id and kind = 'cim' and release in ('signed', 'executed');
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger projects_deal_documents
    after insert or update of teaser_key, teaser_name, cim_key, cim_name, release_documents_on on projects
    for each row execute function projects_deal_documents()`.execute(db);
  // The teasers and CIMs already uploaded.
  await sql`
    insert into deal_documents (project_id, kind, title, file_key, file_name, release, created_at)
    select id, 'teaser', 'Teaser', teaser_key, coalesce(teaser_name, 'teaser.pdf'), 'signed', created_at
      from projects where teaser_key is not null`.execute(db);
  await sql`
    insert into deal_documents (project_id, kind, title, file_key, file_name, release, created_at)
    select id, 'cim', 'CIM', cim_key, coalesce(cim_name, 'cim.pdf'),
           case release_documents_on when 'recipient_signed' then 'signed' else 'executed' end, created_at
      from projects where cim_key is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger projects_deal_documents on projects`.execute(db);
  await sql`drop function projects_deal_documents()`.execute(db);
  await db.schema.dropTable('deal_document_releases').execute();
  await db.schema.dropTable('deal_documents').execute();
}

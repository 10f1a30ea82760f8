import { type Kysely, sql } from 'kysely';

// The socket.io PostgreSQL adapter's table: a message between server processes goes through NOTIFY,
// or, when larger than NOTIFY carries, is stored here for the other processes to read (the adapter
// removes rows after 30 seconds). Its shape is the adapter's.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('socket_io_attachments')
    .addColumn('id', 'bigserial', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.defaultTo(sql`now()`))
    .addColumn('payload', 'bytea')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('socket_io_attachments').execute();
}

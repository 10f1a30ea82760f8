import { type Kysely, sql } from 'kysely';

// What a finance team files an invoice with, written once when the invoice is issued and never
// recomputed: the seller's and the customer's legal details as they stood then, the billing period, and
// net, tax rate, tax and gross. Invoices issued before carry none of these (null).
// The app's own invoice numbers come from a counter row updated in the issuing transaction, so they
// run without gaps (a sequence skips the numbers of rolled-back transactions); it starts after the
// highest number already issued, and takes the place of the sequence. No two invoices of a provider
// share a number.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('invoices')
    .addColumn('seller_name', 'varchar(255)')
    .addColumn('seller_address', 'varchar(1024)')
    .addColumn('seller_vat', 'varchar(64)')
    .addColumn('customer_name', 'varchar(255)')
    .addColumn('customer_address', 'varchar(1024)')
    .addColumn('customer_vat', 'varchar(64)')
    .addColumn('period_start', 'timestamptz')
    .addColumn('period_end', 'timestamptz')
    .addColumn('net', 'integer')
    // Hundredths of a percent: 2000 is 20 %.
    .addColumn('tax_rate_bp', 'integer', (c) => c.check(sql`tax_rate_bp between 0 and 10000`))
    .addColumn('tax', 'integer')
    .execute();
  await sql`create unique index invoices_provider_number_key on invoices (provider, number)`.execute(db);

  await db.schema
    .createTable('invoice_number_counters')
    .addColumn('provider', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();
  await sql`
    insert into invoice_number_counters (provider, last_number)
    select 'builtin', coalesce(max(substring(number from '[0-9]+$')::integer), 0)
      from invoices where provider = 'builtin'`.execute(db);
  await sql`drop sequence builtin_invoice_number_seq`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create sequence builtin_invoice_number_seq`.execute(db);
  await sql`select setval('builtin_invoice_number_seq', last_number) from invoice_number_counters where provider = 'builtin' and last_number > 0`.execute(
    db,
  );
  await db.schema.dropTable('invoice_number_counters').execute();
  await sql`drop index invoices_provider_number_key`.execute(db);
  await db.schema
    .alterTable('invoices')
    .dropColumn('seller_name')
    .dropColumn('seller_address')
    .dropColumn('seller_vat')
    .dropColumn('customer_name')
    .dropColumn('customer_address')
    .dropColumn('customer_vat')
    .dropColumn('period_start')
    .dropColumn('period_end')
    .dropColumn('net')
    .dropColumn('tax_rate_bp')
    .dropColumn('tax')
    .execute();
}

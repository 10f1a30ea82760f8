import { type Kysely, sql } from 'kysely';

// Subscription billing: the catalogue (plans and their prices, add-on prices), one subscription per
// company with its add-on quantities, hosted checkouts, paid invoices with their lines, the record of
// each add-on purchase, and the provider events already applied (so a repeated one does nothing).
// Money is in integer minor units. The catalogue's rows are written by the boot seed from configuration.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('billing_products')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    // -1: unlimited.
    .addColumn('projects_allowed', 'integer', (c) => c.notNull().check(sql`projects_allowed >= -1`))
    .addColumn('members_allowed', 'integer', (c) => c.notNull().check(sql`members_allowed >= -1`))
    // Which add-ons the plan sells.
    .addColumn('addon_projects', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('addon_members', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('billing_prices')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    // The price identifier clients send: boutique-month, addon_member-year...
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    // A plan's price names its product; an add-on's price has none.
    .addColumn('product_id', 'integer', (c) => c.references('billing_products.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().check(sql`kind in ('plan', 'addon_project', 'addon_member')`))
    .addColumn('billing_interval', 'varchar(8)', (c) => c.notNull().check(sql`billing_interval in ('month', 'year')`))
    .addColumn('unit_amount', 'integer', (c) => c.notNull().check(sql`unit_amount >= 0`))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('gbp'))
    .addColumn('stripe_price_id', 'varchar(255)')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('billing_prices_plan_has_product', sql`(kind = 'plan') = (product_id is not null)`)
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (c) => c.notNull().unique().references('companies.id').onDelete('cascade'))
    .addColumn('price_id', 'integer', (c) => c.notNull().references('billing_prices.id'))
    .addColumn('status', 'varchar(16)', (c) =>
      c.notNull().check(sql`status in ('active', 'incomplete', 'past_due', 'canceled')`),
    )
    .addColumn('provider', 'varchar(16)', (c) => c.notNull().check(sql`provider in ('builtin', 'stripe')`))
    .addColumn('provider_subscription_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('provider_customer_id', 'varchar(255)')
    .addColumn('current_period_start', 'timestamptz', (c) => c.notNull())
    .addColumn('current_period_end', 'timestamptz', (c) => c.notNull())
    .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('cancel_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('subscriptions_provider_id_key', ['provider', 'provider_subscription_id'])
    .execute();
  // The period worker's look for built-in subscriptions that are due.
  await sql`create index subscriptions_due_idx on subscriptions (current_period_end) where status = 'active'`.execute(
    db,
  );

  await db.schema
    .createTable('subscription_addons')
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('subscriptions.id').onDelete('cascade'))
    .addColumn('price_id', 'integer', (c) => c.notNull().references('billing_prices.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 0 and quantity <= 999`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('subscription_addons_pkey', ['subscription_id', 'price_id'])
    .execute();

  await db.schema
    .createTable('checkout_sessions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('token', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('price_id', 'integer', (c) => c.notNull().references('billing_prices.id'))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull().check(sql`provider in ('builtin', 'stripe')`))
    .addColumn('provider_session_id', 'varchar(255)')
    .addColumn('status', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'complete', 'expired')`),
    )
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('completed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index checkout_sessions_company_idx on checkout_sessions (company_id, created_at)`.execute(db);

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('subscription_id', 'integer', (c) => c.references('subscriptions.id').onDelete('set null'))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull().check(sql`provider in ('builtin', 'stripe')`))
    .addColumn('provider_invoice_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('number', 'varchar(64)', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('paid', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('hosted_invoice_url', 'varchar(2048)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('invoices_provider_id_key', ['provider', 'provider_invoice_id'])
    .execute();
  await sql`create index invoices_company_idx on invoices (company_id, created_at)`.execute(db);
  // Numbers of the built-in provider's invoices.
  await sql`create sequence builtin_invoice_number_seq`.execute(db);

  await db.schema
    .createTable('invoice_lines')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('description', 'varchar(512)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .execute();
  await sql`create index invoice_lines_invoice_idx on invoice_lines (invoice_id)`.execute(db);

  await db.schema
    .createTable('one_time_purchases')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('subscription_id', 'integer', (c) => c.references('subscriptions.id').onDelete('set null'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().check(sql`kind in ('project', 'member')`))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index one_time_purchases_company_idx on one_time_purchases (company_id, created_at)`.execute(db);

  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.references('companies.id').onDelete('set null'))
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('billing_events_provider_event_key', ['provider', 'event_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'billing_events',
    'one_time_purchases',
    'invoice_lines',
    'invoices',
    'checkout_sessions',
    'subscription_addons',
    'subscriptions',
    'billing_prices',
    'billing_products',
  ])
    await db.schema.dropTable(table).execute();
  await sql`drop sequence builtin_invoice_number_seq`.execute(db);
}

import type { InvoiceDto, InvoiceLineDto } from '@shared/schemas/billing.js';
import type { PageRequest } from '@shared/schemas/projects.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeBillingRead } from '@server/policies/billing.js';
import { presentInvoice } from '@server/presenters/billing.js';
import { countOf, type Page, pageOf } from '../projects/page.js';

async function linesOf(core: Core, invoiceIds: number[]): Promise<Map<number, InvoiceLineDto[]>> {
  const map = new Map<number, InvoiceLineDto[]>();
  if (invoiceIds.length === 0) return map;
  const rows = await core.db
    .selectFrom('invoiceLines')
    .select(['invoiceId', 'description', 'quantity', 'amount'])
    .where('invoiceId', 'in', invoiceIds)
    .orderBy('id')
    .execute();
  for (const { invoiceId, ...line } of rows) map.set(invoiceId, [...(map.get(invoiceId) ?? []), line]);
  return map;
}

/** The company's paid invoices, newest first. */
export async function listInvoices(
  core: Core,
  { actor, page }: { actor: Actor; page: PageRequest },
): Promise<Page<InvoiceDto>> {
  const companyId = authorizeBillingRead(actor);
  const query = core.db
    .selectFrom('invoices')
    .selectAll()
    .where('companyId', '=', companyId)
    .where('paid', '=', true)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc');
  const [rows, count] = await Promise.all([pageOf(query, page).execute(), countOf(query)]);
  const lines = await linesOf(
    core,
    rows.map((r) => r.id),
  );
  return {
    count,
    results: rows.map((r) => presentInvoice(r, lines.get(r.id) ?? [])),
    limit: page.limit,
    offset: page.offset,
  };
}

/** One of the company's invoices, for the invoice page; another company's is not found. */
export async function getInvoice(core: Core, { actor, invoiceId }: { actor: Actor; invoiceId: number }) {
  const companyId = authorizeBillingRead(actor);
  const row = await core.db
    .selectFrom('invoices')
    .selectAll()
    .where('id', '=', invoiceId)
    .where('companyId', '=', companyId)
    .executeTakeFirst();
  if (!row) throw AppError.notFound();
  return presentInvoice(row, (await linesOf(core, [row.id])).get(row.id) ?? []);
}

import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { invoicePdf } from '@server/services/billing/invoice-pdf.js';
import { getInvoice } from './list-invoices.js';

/** One of the company's invoices as a PDF to file, named for its number; another company's is not found. */
export async function getInvoicePdf(
  core: Core,
  { actor, invoiceId }: { actor: Actor; invoiceId: number },
): Promise<{ body: Buffer; filename: string }> {
  const invoice = await getInvoice(core, { actor, invoiceId });
  return { body: await invoicePdf(invoice), filename: `Invoice ${invoice.number}.pdf` };
}

import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { formatMoney, formatTaxRate } from '@shared/billing.js';
import type { InvoiceDto, InvoicePartyDto } from '@shared/schemas/billing.js';
import { drawable, plainUtcDate, wrap } from '../signing/text.js';

/** A4, one margin, two inks. */
const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const INK = rgb(0.11, 0.18, 0.32);
const MUTED = rgb(0.35, 0.38, 0.45);
const RULE = rgb(0.8, 0.82, 0.86);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Writes down one page from the top; a new page when the next line would cross the bottom margin. */
class Writer {
  page: PDFPage;
  y = PAGE[1] - MARGIN;

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.page = doc.addPage(PAGE);
  }

  ensure(height: number): void {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }

  /** One line at x (or right-aligned to x when `right`), without moving down. */
  at(x: number, text: string, size: number, opts: { bold?: boolean; muted?: boolean; right?: boolean } = {}): void {
    const font = opts.bold ? this.fonts.bold : this.fonts.regular;
    const clean = drawable(font, text);
    const width = font.widthOfTextAtSize(clean, size);
    this.page.drawText(clean, {
      x: opts.right ? x - width : x,
      y: this.y - size,
      size,
      font,
      color: opts.muted ? MUTED : INK,
    });
  }

  /** Wrapped text from x, `width` wide; moves down past it. */
  block(x: number, width: number, text: string, size: number, opts: { bold?: boolean; muted?: boolean } = {}): void {
    const font = opts.bold ? this.fonts.bold : this.fonts.regular;
    for (const line of wrap(font, text, size, width)) {
      this.ensure(size * 1.4);
      this.at(x, line, size, opts);
      this.y -= size * 1.4;
    }
  }

  rule(): void {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE[0] - MARGIN, y: this.y },
      thickness: 0.75,
      color: RULE,
    });
  }
}

/** A party's block: its legal name, address lines and VAT number (when it has one). */
function partyLines(party: InvoicePartyDto): string[] {
  return [
    ...party.address
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
    ...(party.vat ? [`VAT number: ${party.vat}`] : []),
  ];
}

/**
 * The invoice as a PDF a finance team files: its number and date, the seller and the customer with
 * their legal names, addresses and VAT numbers, the billing period, the lines, and net, tax at its rate
 * and gross, exactly as the invoice page shows them.
 */
export async function invoicePdf(invoice: InvoiceDto): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${invoice.number}`);
  doc.setCreator('NDA Workspace');
  doc.setCreationDate(new Date(invoice.created));
  const w = new Writer(doc, {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  });
  const right = PAGE[0] - MARGIN;
  const half = (PAGE[0] - 2 * MARGIN) / 2;
  const money = (minor: number) => formatMoney(minor, invoice.currency);

  w.at(MARGIN, `Invoice ${invoice.number}`, 22, { bold: true });
  w.at(right, invoice.paid ? 'Paid' : 'Unpaid', 12, { bold: true, right: true });
  w.y -= 32;
  w.at(MARGIN, `Issued ${plainUtcDate(invoice.created)}`, 10, { muted: true });
  w.y -= 30;

  // The seller and the customer side by side.
  const top = w.y;
  let lowest = top;
  for (const [index, [label, party]] of (
    [
      ['From', invoice.seller],
      ['Billed to', invoice.customer],
    ] as const
  ).entries()) {
    const x = MARGIN + index * half;
    w.y = top;
    w.at(x, label, 9, { muted: true });
    w.y -= 14;
    if (party) {
      w.block(x, half - 16, party.name, 11, { bold: true });
      for (const line of partyLines(party)) w.block(x, half - 16, line, 10);
    } else w.block(x, half - 16, '—', 11);
    lowest = Math.min(lowest, w.y);
  }
  w.y = lowest - 14;
  if (invoice.periodStart && invoice.periodEnd) {
    w.at(MARGIN, 'Billing period', 9, { muted: true });
    w.y -= 14;
    w.at(MARGIN, `${plainUtcDate(invoice.periodStart)} to ${plainUtcDate(invoice.periodEnd)}`, 11);
    w.y -= 28;
  }

  // The lines.
  const quantityX = right - 110;
  w.at(MARGIN, 'Description', 9, { muted: true });
  w.at(quantityX, 'Quantity', 9, { muted: true, right: true });
  w.at(right, invoice.taxRateBp === null ? 'Amount' : 'Amount incl. VAT', 9, { muted: true, right: true });
  w.y -= 16;
  w.rule();
  w.y -= 8;
  for (const line of invoice.lines) {
    w.ensure(20);
    const rowTop = w.y;
    w.at(quantityX, String(line.quantity), 10, { right: true });
    w.at(right, money(line.amount), 10, { right: true });
    w.block(MARGIN, quantityX - MARGIN - 70, line.description, 10);
    w.y = Math.min(w.y, rowTop - 14) - 6;
  }
  w.rule();
  w.y -= 12;

  // Net, tax and gross.
  const totals: Array<[string, string, boolean]> = [];
  if (invoice.net !== null && invoice.tax !== null && invoice.taxRateBp !== null) {
    totals.push(['Net', money(invoice.net), false]);
    totals.push([`VAT at ${formatTaxRate(invoice.taxRateBp)}`, money(invoice.tax), false]);
  }
  totals.push(['Total', money(invoice.total), true]);
  for (const [label, amount, bold] of totals) {
    w.ensure(20);
    w.at(quantityX, label, bold ? 12 : 10, { bold, right: true });
    w.at(right, amount, bold ? 12 : 10, { bold, right: true });
    w.y -= bold ? 22 : 16;
  }
  w.y -= 16;
  if (invoice.paid) w.block(MARGIN, right - MARGIN, `Paid in full on ${plainUtcDate(invoice.created)}.`, 10);
  return Buffer.from(await doc.save());
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDto } from '@shared/schemas/billing.js';
import { loadConfig } from '@server/config.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { subscribeAndPay, upgrade } from '@tests/support/billing.js';
import { createMember, createOwner, createSigner, type TestUser } from '@tests/support/factories.js';
import { authHeader } from '@tests/support/http.js';
import { HAS_PDFTOTEXT, pdfText } from '@tests/support/pdf-tools.js';
import { api, expectStatus } from '@tests/support/projects.js';

// The invoices a finance team files (commands/billing/apply-billing-event.ts, presenters/billing.ts,
// services/billing/invoice-pdf.ts): the seller and the customer with their legal details as they stood
// when issued, the billing period, net, tax rate, tax and gross, a unique number in sequence, and the
// same invoice as a PDF (GET /billing/invoice/{id}/pdf/).

const SELLER = {
  sellerName: 'Workspace Legal Ltd',
  sellerAddress: '1 Long Lane\nLondon EC1A 9HF\nUnited Kingdom',
  sellerVat: 'GB123456789',
  taxRateBp: 2000,
};

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let noVat: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await startTestApp({ invoices: SELLER });
  [owner, noVat, stranger] = await Promise.all([
    createOwner(t, { company_name: 'Harbour Street Advisory' }),
    createOwner(t, { company_name: 'Kestrel Partners' }),
    createOwner(t, { company_name: 'Stranger Partners' }),
  ]);
  member = await createMember(t, owner);
  await setCompany(owner, {
    name: 'Harbour Street Advisory LLP',
    address: '12 Harbour Street\nBristol BS1 4QA',
    vat: 'GB987654321',
  });
  await setCompany(noVat, { name: 'Kestrel Partners Ltd', address: '3 Kestrel Way, Leeds LS1 1AA', vat: '' });
});
afterAll(async () => {
  await t?.close();
});

async function setCompany(who: TestUser, company: { name: string; address: string; vat: string }) {
  const res = await api(t, 'PUT', `/company/${who.user.company}/`, who, {
    json: { ...company, registration_number: 'REG-1' },
  });
  expectStatus(res, 200);
}

async function invoicesOf(who: TestUser): Promise<InvoiceDto[]> {
  const res = await api(t, 'GET', '/billing/invoice/?limit=-1', who);
  expectStatus(res, 200);
  return res.body.results as InvoiceDto[];
}

const numberOf = (invoice: InvoiceDto) => Number(/^INV-(\d{6})$/.exec(invoice.number)![1]);

describe('an invoice', () => {
  it('states the seller, the customer, the period billed, net, tax rate, tax and gross', async () => {
    const sub = await subscribeAndPay(t, owner, 'boutique-month');
    const [invoice] = await invoicesOf(owner);
    expect(invoice).toMatchObject({
      number: expect.stringMatching(/^INV-\d{6}$/),
      seller: {
        name: 'Workspace Legal Ltd',
        address: '1 Long Lane\nLondon EC1A 9HF\nUnited Kingdom',
        vat: 'GB123456789',
      },
      customer: {
        name: 'Harbour Street Advisory LLP',
        address: '12 Harbour Street\nBristol BS1 4QA',
        vat: 'GB987654321',
      },
      periodEnd: sub.currentPeriodEnd,
      // £149.00 paid, 20 % VAT included: £124.17 net and £24.83 tax.
      total: 14900,
      net: 12417,
      taxRateBp: 2000,
      tax: 2483,
    });
    expect(invoice!.net! + invoice!.tax!).toBe(invoice!.total);
    // A month, from the payment.
    const start = new Date(invoice!.periodStart!);
    expect(Math.abs(start.getTime() - new Date(invoice!.created).getTime())).toBeLessThan(1000);
    expect(new Date(invoice!.periodEnd!).getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12);
    // The team reads the same; another company does not find it.
    expect((await api(t, 'GET', `/billing/invoice/${invoice!.id}/`, member)).body).toEqual(invoice);
    expectStatus(await api(t, 'GET', `/billing/invoice/${invoice!.id}/`, stranger), 404);
  });

  it('gives no VAT number for a customer who has none', async () => {
    await subscribeAndPay(t, noVat, 'bulge_bracket-year');
    const [invoice] = await invoicesOf(noVat);
    expect(invoice!.customer).toEqual({
      name: 'Kestrel Partners Ltd',
      address: '3 Kestrel Way, Leeds LS1 1AA',
      vat: null,
    });
    expect(invoice).toMatchObject({ total: 479040, net: 399200, tax: 79840, taxRateBp: 2000 });
  });

  it('bills add-ons bought mid-period for the rest of that period, numbered next', async () => {
    const before = await invoicesOf(owner);
    expectStatus(await upgrade(t, owner, [{ item_price_id: 'addon_member-month', quantity: 2 }]), 200);
    const after = await invoicesOf(owner);
    expect(after).toHaveLength(before.length + 1);
    const addons = after[0]!;
    expect(addons.lines).toEqual([{ description: 'Extra team member, billed per month', quantity: 2, amount: 5800 }]);
    expect(addons.periodEnd).toBe(before[0]!.periodEnd);
    expect(new Date(addons.periodStart!).getTime()).toBeGreaterThan(new Date(before[0]!.periodStart!).getTime());
    expect(addons).toMatchObject({ total: 5800, net: 4833, tax: 967 });
    const all = [...(await invoicesOf(owner)), ...(await invoicesOf(noVat))].map(numberOf).sort((a, b) => a - b);
    expect(all).toEqual([all[0], all[0]! + 1, all[0]! + 2]);
  });

  it('keeps what it stated when the company changes its details later', async () => {
    const [latest] = await invoicesOf(owner);
    await setCompany(owner, {
      name: 'Harbour Street Advisory LLP',
      address: '99 New Road, Bath BA1 1AA',
      vat: 'GB987654321',
    });
    const again = (await api(t, 'GET', `/billing/invoice/${latest!.id}/`, owner)).body as InvoiceDto;
    expect(again.customer!.address).toBe('12 Harbour Street\nBristol BS1 4QA');
  });

  it('takes unique numbers in sequence when companies pay at the same moment', async () => {
    const payers = await Promise.all(
      ['Osprey', 'Heron', 'Falcon'].map((name) => createOwner(t, { company_name: `${name} Capital` })),
    );
    const last = Math.max(...(await invoicesOf(owner)).map(numberOf), ...(await invoicesOf(noVat)).map(numberOf));
    await Promise.all(payers.map((p) => subscribeAndPay(t, p, 'boutique-month')));
    const numbers = (await Promise.all(payers.map(invoicesOf)))
      .flat()
      .map(numberOf)
      .sort((a, b) => a - b);
    expect(numbers).toEqual([last + 1, last + 2, last + 3]);
  });
});

describe('GET /billing/invoice/{id}/pdf/', () => {
  it('downloads the invoice as a PDF named for its number, to its company only', async () => {
    const [invoice] = await invoicesOf(owner);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/billing/invoice/${invoice!.id}/pdf/`,
      headers: authHeader(owner.access),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Invoice ${invoice!.number}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    if (HAS_PDFTOTEXT) {
      const text = pdfText(res.rawPayload).replace(/\s+/g, ' ');
      for (const expected of [
        `Invoice ${invoice!.number}`,
        'Workspace Legal Ltd',
        '1 Long Lane',
        'VAT number: GB123456789',
        'Harbour Street Advisory LLP',
        'VAT number: GB987654321',
        'Billing period',
        'Extra team member, billed per month',
        'Net £48.33',
        'VAT at 20% £9.67',
        'Total £58.00',
      ])
        expect(text).toContain(expected);
    }
    const forStranger = await t.app.inject({
      method: 'GET',
      url: `/api/v1/billing/invoice/${invoice!.id}/pdf/`,
      headers: authHeader(stranger.access),
    });
    expect(forStranger.statusCode).toBe(404);
    const signer = await createSigner(t, owner);
    const forSigner = await t.app.inject({
      method: 'GET',
      url: `/api/v1/billing/invoice/${invoice!.id}/pdf/`,
      headers: authHeader(signer.access),
    });
    expect(forSigner.statusCode).toBe(404);
  });
});

describe('the invoice settings', () => {
  it('default to words that say to set them, and read the tax rate in percent', () => {
    const defaults = loadConfig({ NODE_ENV: 'test' }).invoices;
    expect(defaults).toEqual({
      sellerName: 'Set INVOICE_SELLER_NAME to your legal name',
      sellerAddress: 'Set INVOICE_SELLER_ADDRESS to your registered address',
      sellerVat: 'Set INVOICE_SELLER_VAT to your VAT number',
      taxRateBp: 2000,
    });
    const set = loadConfig({
      NODE_ENV: 'test',
      INVOICE_SELLER_NAME: 'Workspace Legal Ltd',
      INVOICE_SELLER_ADDRESS: '1 Long Lane\\nLondon',
      INVOICE_SELLER_VAT: 'GB123456789',
      INVOICE_TAX_RATE: '17.5',
    }).invoices;
    expect(set).toEqual({
      sellerName: 'Workspace Legal Ltd',
      sellerAddress: '1 Long Lane\nLondon',
      sellerVat: 'GB123456789',
      taxRateBp: 1750,
    });
    expect(() => loadConfig({ NODE_ENV: 'test', INVOICE_TAX_RATE: '120' })).toThrow(/INVOICE_TAX_RATE/);
    expect(() => loadConfig({ NODE_ENV: 'test', INVOICE_SELLER_NAME: ' ' })).toThrow(/INVOICE_SELLER_NAME/);
  });
});

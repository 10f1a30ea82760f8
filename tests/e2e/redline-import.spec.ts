import fs from 'node:fs';
import { type Page } from '@playwright/test';
import { docxCounts } from '../support/docx';
import { type MarkupPart, markupDocx } from '../support/markup-docx';
import { expect, test } from './fixtures';
import {
  adviserWithDeal,
  api,
  describeFindings,
  LIVE,
  login,
  openNdaSignedIn,
  openNda,
  registerBuyer,
  seriousViolations,
  settle,
} from './support';

/**
 * The Word round trip in: the buyer uploads their counsel's mark-up of the NDA, previews what it becomes,
 * confirms, and sees the threads; the adviser sees them arrive, answers one, and both download the
 * negotiated NDA as a redline with tracked changes.
 */

interface Clause {
  key: string;
  text: string;
}

const COMMENT = 'The term of two years is too long for us.';

/** A mark-up of the NDA as Word writes it: [California] replaced by [England and Wales], and a comment. */
function markup(clauses: Clause[]): Promise<Buffer> {
  const law = clauses.find((c) => c.text.includes('[California]'))!;
  const commented = clauses.find((c) => c !== law && c.text.length > 60)!;
  return markupDocx(
    clauses.map((c): string | MarkupPart[] => {
      if (c === law) {
        const [before, after] = c.text.split('[California]');
        return [before!, { deleted: '[California]' }, { inserted: '[England and Wales]' }, after!];
      }
      return c === commented ? [{ commented: c.text.slice(0, 40) }, c.text.slice(40)] : c.text;
    }),
    COMMENT,
  );
}

async function downloadedRedline(page: Page): Promise<Buffer> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download redline (Word)' }).click(),
  ]);
  return fs.readFileSync(await download.path());
}

test('the buyer imports a Word mark-up as threads, the adviser answers one, both download the redline', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { adviser, buyer, deal } = await adviserWithDeal(request, { send: true });
  const buyerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const buyerPage = await registerBuyer(request, buyerContext, buyer, deal);
  const buyerSession = await login(request, buyer);
  const clauses = await api<Clause[]>(request, buyerSession, 'GET', `/projects/nda/${deal.ndaId}/clauses/`);
  const docx = await markup(clauses);

  // The adviser has the NDA open: the threads arrive live.
  const adviserContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const adviserPage = await openNdaSignedIn(adviserContext, adviser, deal);

  // The buyer chooses the file and previews it.
  await openNda(buyerPage, deal);
  await buyerPage.getByRole('button', { name: 'Import Word mark-up' }).click();
  const dialog = buyerPage.getByRole('dialog', { name: 'Import Word mark-up' });
  await expect(dialog).toBeVisible();
  // A file that is not a DOCX is refused before it is sent.
  await dialog.getByTestId('redline-import-file-input').setInputFiles({
    name: 'markup.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7\n%%EOF\n'),
  });
  await expect(dialog.getByText('This file is not a Word document (DOCX).', { exact: false })).toBeVisible();
  await dialog.getByTestId('redline-import-file-input').setInputFiles({
    name: 'markup.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: docx,
  });
  await expect(dialog.getByText('markup.docx')).toBeVisible();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const items = dialog.getByTestId('redline-import-item');
  await expect(dialog.getByRole('heading', { name: 'Will become threads (2)' })).toBeVisible(LIVE);
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: 'Tracked change' })).toContainText('“[England and Wales]”');
  await expect(items.filter({ hasText: COMMENT })).toBeVisible();
  await settle(buyerPage);
  const findings = await seriousViolations(buyerPage);
  expect(findings, describeFindings('mark-up preview', findings)).toEqual([]);

  // Confirming creates the threads, on the buyer's page and live on the adviser's.
  await dialog.getByRole('button', { name: 'Create 2 threads' }).click();
  await expect(dialog).toBeHidden(LIVE);
  const buyerThreads = buyerPage.getByTestId('thread-card');
  await expect(buyerThreads).toHaveCount(2, LIVE);
  await expect(buyerThreads.first().getByTestId('thread-imported')).toHaveText('Imported from Word by Bea Buyer');
  const adviserThreads = adviserPage.getByTestId('thread-card');
  await expect(adviserThreads).toHaveCount(2, LIVE);
  await settle(adviserPage);
  const withThreads = await seriousViolations(adviserPage);
  expect(withThreads, describeFindings('NDA page with imported threads', withThreads)).toEqual([]);
  const commentThread = adviserThreads.filter({ hasText: COMMENT });
  await expect(commentThread.getByTestId('thread-imported')).toHaveText('Imported from Word by Bea Buyer');
  const lawThread = adviserThreads.filter({ hasText: '[England and Wales]' });
  await expect(lawThread.getByTestId('thread-quote')).toHaveText('[California]');

  // The adviser answers the comment; the buyer sees the answer.
  await commentThread.click();
  await commentThread.getByRole('textbox', { name: 'Reply' }).fill('We can do eighteen months.');
  await commentThread.getByRole('button', { name: 'Send reply' }).click();
  await expect(commentThread.getByTestId('reply-text')).toHaveText('We can do eighteen months.');
  await expect(buyerThreads.filter({ hasText: COMMENT })).toContainText('We can do eighteen months.', LIVE);
  // The imported wording is negotiated like any other: the adviser approves it, then the buyer.
  await lawThread.click();
  await lawThread.getByRole('button', { name: 'Approve' }).click();
  await expect(lawThread.getByTestId('thread-status')).toHaveText('Approved by sender · recipient to answer');
  const buyerLaw = buyerThreads.filter({ hasText: '[England and Wales]' });
  await buyerLaw.click();
  await buyerLaw.getByRole('button', { name: 'Approve' }).click();
  await expect(lawThread.getByTestId('thread-status')).toHaveText('Agreed by both parties', LIVE);

  // The same file again is refused, with the reason.
  await buyerPage.getByRole('button', { name: 'Import Word mark-up' }).click();
  await dialog.getByTestId('redline-import-file-input').setInputFiles({
    name: 'markup.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: docx,
  });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await dialog.getByRole('button', { name: 'Create 2 threads' }).click();
  await expect(dialog.getByRole('alert')).toContainText('already been imported', LIVE);
  await dialog.getByRole('button', { name: 'Close dialog' }).click();
  await expect(buyerThreads).toHaveCount(2);

  // Both download the redline: the agreed wording a tracked deletion and insertion, the open comment a comment.
  for (const page of [buyerPage, adviserPage]) {
    const redline = await downloadedRedline(page);
    expect(redline.subarray(0, 2).toString('latin1')).toBe('PK');
    const counts = docxCounts(redline);
    expect(counts.del).toBeGreaterThanOrEqual(1);
    expect(counts.ins).toBeGreaterThanOrEqual(1);
    expect(counts.comments).toBeGreaterThanOrEqual(1);
  }

  await buyerContext.close();
  await adviserContext.close();
});

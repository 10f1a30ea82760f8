import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeLargePdf } from '../support/large-pdf';
import { expect, test } from './fixtures';
import { adviserWithDeal, expectNoSeriousA11yViolations, LIVE, newSignedInPage, upload } from './support';

// A deal document can be tens of megabytes: the adviser sees how much of it has gone out. The
// connection is slowed (Chrome DevTools Protocol) so that the upload lasts long enough to watch.

/** 3.4 MB: over the 3 MB an NDA may weigh. */
const LARGE_PDF = fileURLToPath(new URL('../fixtures/pdfs/giraffe.pdf', import.meta.url));

test('a large deal document shows its upload’s progress, then its row', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { adviser, deal } = await adviserWithDeal(request, { send: false });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await newSignedInPage(context, adviser, `/projects/${deal.projectId}`);
  const panel = page.getByTestId('deal-documents-panel');
  await panel.getByRole('button', { name: 'Add document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a deal document' });
  await dialog.getByLabel('Title').fill('Management presentation');
  await expect(dialog.getByText('PDF up to 100 MB, or DOC, DOCX, ODT (converted to PDF)')).toBeVisible();
  await dialog.getByTestId('deal-document-file-input').setInputFiles(LARGE_PDF);
  // Larger than an NDA may be, and taken: deal documents go up to 100 MB.
  await expect(dialog.getByText('giraffe.pdf')).toBeVisible();
  await expect(dialog.getByText(/Maximum file size exceeded/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // About 3.4 MB at 256 KB/s: some seconds on the way, until the progress has been seen.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
  await dialog.getByRole('button', { name: 'Add document' }).click();
  const bar = dialog.getByRole('progressbar', { name: 'Upload progress' });
  await expect(bar).toBeVisible(LIVE);
  await expect(dialog.getByRole('status')).toContainText(/Uploading… \d{1,2}%/);
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), LIVE).toBeGreaterThan(0);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  await expect(dialog).toBeHidden(LIVE);
  const row = panel.getByTestId('deal-document-row').filter({ hasText: 'Management presentation' });
  await expect(row).toBeVisible(LIVE);
  await context.close();
});

test('a large deal document opens by parts: the viewer fetches what its page needs, not the file', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const { adviser, session, deal } = await adviserWithDeal(request, { send: false });
  // 30 MB: one page, and a stream no page uses that makes up the size.
  const file = testInfo.outputPath('financial-model.pdf');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  writeLargePdf(file, 30 * 1024 * 1024);
  const size = fs.statSync(file).size;
  await upload(request, session, 'POST', `/projects/projects/${deal.projectId}/documents/`, {
    title: 'Financial model',
    release: 'manual',
    file: { name: 'financial-model.pdf', mimeType: 'application/pdf', buffer: fs.readFileSync(file) },
  });

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await newSignedInPage(context, adviser);
  const parts: Array<{ status: number; range: string | null; bytes: number }> = [];
  page.on('response', (response) => {
    if (!/\/documents\/\d+\/file\/$/.test(new URL(response.url()).pathname)) return;
    const bytes = Number(response.headers()['content-length']);
    parts.push({ status: response.status(), range: response.request().headers().range ?? null, bytes });
  });
  await page.goto(`/projects/${deal.projectId}`);
  await page.getByTestId('deal-documents-panel').getByRole('button', { name: 'View Financial model' }).click();
  const viewer = page.getByRole('dialog', { name: 'Financial model' });
  await expect(viewer.getByTestId('pdf-page-number')).toHaveText('Page 1 of 1', LIVE);
  await expect(viewer.locator('.react-pdf__Page__canvas')).toBeVisible(LIVE);
  await expectNoSeriousA11yViolations(page);
  // Every request asked for a part and got one; together they are a small share of the file.
  expect(parts.length).toBeGreaterThan(1);
  for (const part of parts) {
    expect(part.range).toMatch(/^bytes=\d+-\d+$/);
    expect(part.status).toBe(206);
  }
  const received = parts.reduce((sum, part) => sum + part.bytes, 0);
  expect(received).toBeLessThan(size / 10);
  await context.close();
});

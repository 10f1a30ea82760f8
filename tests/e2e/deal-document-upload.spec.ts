import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { adviserWithDeal, expectNoSeriousA11yViolations, LIVE, newSignedInPage } from './support';

// A deal document can be tens of megabytes: the adviser sees how much of it has gone out. The
// connection is slowed (Chrome DevTools Protocol) so that the upload lasts long enough to watch.

/** 3.4 MB: over the 3 MB an NDA may weigh. */
const LARGE_PDF = fileURLToPath(new URL('../fixtures/pdfs/giraffe.pdf', import.meta.url));

test('a large deal document shows its upload’s progress, then its row', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { adviser, deal } = await adviserWithDeal(request, { send: false });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await newSignedInPage(context, adviser);
  await page.goto(`/projects/${deal.projectId}`);
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

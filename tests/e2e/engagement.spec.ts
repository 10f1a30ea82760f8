import fs from 'node:fs';
import { expect, test } from './fixtures';
import {
  adviserWithDeal,
  expectNoSeriousA11yViolations,
  LIVE,
  MUTUAL_NDA,
  newSignedInPage,
  registerBuyer,
  upload,
} from './support';

// Who read what: the bidder reads a deal document in the viewer, which sends the seconds each page
// is in view; the adviser's open tracker shows the group's reading and score, with its formula, and
// the feed says the bidder's company opened the document.

test('the adviser’s tracker shows what the bidder read', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const { adviser, session, buyer, deal } = await adviserWithDeal(request, { send: true });
  await upload(request, session, 'POST', `/projects/projects/${deal.projectId}/documents/`, {
    title: 'CIM',
    release: 'invitation',
    file: { name: 'cim.pdf', mimeType: 'application/pdf', buffer: fs.readFileSync(MUTUAL_NDA) },
  });

  const adviserContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const adviserPage = await newSignedInPage(adviserContext, adviser, `/projects/${deal.projectId}`);
  const group = adviserPage.getByTestId('tracker-group').filter({ hasText: 'Northwind Capital' });
  const reading = group.getByTestId('group-engagement');
  await expect(reading).toContainText('Not seen yet', LIVE);
  await expect(reading).toContainText('0 documents opened · 0 pages read');
  await expect(group.getByTestId('group-engagement-score')).toHaveText('Score 0');
  await expect(adviserPage.getByTestId('engagement-formula')).toContainText(
    'Score = 10 × documents opened + 2 × pages read + 1 × minutes of reading, at most 100.',
  );

  const buyerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const buyerPage = await registerBuyer(request, buyerContext, buyer, deal);
  await buyerPage.goto(`/projects/${deal.projectId}`);
  const documents = buyerPage.getByTestId('bidder-documents');
  await documents.getByRole('button', { name: 'View CIM' }).click();
  const viewer = buyerPage.getByRole('dialog', { name: 'CIM' });
  await expect(viewer.getByTestId('pdf-page-number').first()).toHaveText(/^Page 1 of \d+$/, LIVE);
  // The viewer's first batch of reading time, sent while the first page is in view.
  const batch = await buyerPage.waitForRequest((r) => r.url().includes('/api/v1/projects/views/'), {
    timeout: 45_000,
  });
  const sent = batch.postDataJSON() as { document: number; pages: Array<{ page: number; seconds: number }> };
  expect(sent.pages.some((p) => p.page === 1 && p.seconds >= 1)).toBe(true);
  await expect(viewer).toBeVisible();
  await expectNoSeriousA11yViolations(buyerPage);

  // The adviser's open tracker shows it without a reload (the NDA the bidder landed on may count too).
  await expect(reading).toContainText(/Last seen .* · [12] documents? opened · [1-9]\d* pages? read/, LIVE);
  await expect(group.getByTestId('group-engagement-score')).not.toHaveText('Score 0');
  await group.getByTestId('group-engagement-score').hover();
  await expect(adviserPage.getByRole('tooltip')).toContainText('Score = 10 × documents opened', LIVE);
  await expectNoSeriousA11yViolations(adviserPage);

  // The project page's feed names the bidder's company and the document, live.
  await expect(
    adviserPage.getByTestId('activity-group').filter({ hasText: 'Northwind Capital LLP opened the CIM' }),
  ).toBeVisible(LIVE);

  await buyerContext.close();
  await adviserContext.close();
});

import fs from 'node:fs';
import { type Page } from '@playwright/test';
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
 * The Word redline: the buyer comments on the NDA, then both sides download the negotiated NDA as a
 * DOCX from the NDA page, and the adviser from the group's menu in the tracker.
 */

/** Clicks what starts a download and answers the file saved: its name and its bytes. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), body: fs.readFileSync(file) };
}

/** A DOCX is a ZIP whose entries name word/document.xml (stored uncompressed in its directory). */
function expectDocx(body: Buffer) {
  expect(body.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(body.includes(Buffer.from('word/document.xml'))).toBe(true);
  expect(body.includes(Buffer.from('word/comments.xml'))).toBe(true);
}

test('both sides download the negotiated NDA as a Word redline, from the NDA page and the tracker', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { adviser, buyer, deal } = await adviserWithDeal(request, { send: true });
  const buyerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const buyerPage = await registerBuyer(request, buyerContext, buyer, deal);
  const buyerSession = await login(request, buyer);
  await api(request, buyerSession, 'POST', '/projects/comment_threads/', {
    nda: deal.ndaId,
    text: 'English law, please.',
    pointers: [{ page: 1, x: 0.3, y: 0.78 }],
    quote: 'Governing Law: [California]',
    proposal: 'Governing Law: [England and Wales]',
  });

  // The buyer, on the NDA page.
  await openNda(buyerPage, deal);
  const button = buyerPage.getByRole('button', { name: 'Download redline (Word)' });
  await expect(button).toBeVisible(LIVE);
  const ofBuyer = await downloaded(buyerPage, () => button.click());
  expect(ofBuyer.name).toBe('Mutual NDA (redline).docx');
  expectDocx(ofBuyer.body);
  await settle(buyerPage);
  const findings = await seriousViolations(buyerPage);
  expect(findings, describeFindings('NDA page', findings)).toEqual([]);
  // On a phone the header's buttons wrap rather than push the page sideways.
  await buyerPage.setViewportSize({ width: 375, height: 812 });
  await expect(button).toBeVisible();
  await expect
    .poll(() => buyerPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);

  // The adviser, on the NDA page and from the group's menu in the tracker.
  const adviserContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const adviserPage = await openNdaSignedIn(adviserContext, adviser, deal);
  const ofAdviser = await downloaded(adviserPage, () =>
    adviserPage.getByRole('button', { name: 'Download redline (Word)' }).click(),
  );
  expect(ofAdviser.name).toBe('Mutual NDA (redline).docx');
  expectDocx(ofAdviser.body);

  await adviserPage.goto(`/projects/${deal.projectId}`);
  await adviserPage.getByRole('button', { name: 'Actions for group Northwind Capital' }).first().click();
  const fromTracker = await downloaded(adviserPage, () =>
    adviserPage.getByRole('menuitem', { name: 'Download redline (Word)' }).click(),
  );
  expect(fromTracker.name).toBe('Mutual NDA (redline).docx');
  expectDocx(fromTracker.body);

  await buyerContext.close();
  await adviserContext.close();
});

import { pdfPagesText } from '../support/pdf-tools';
import { expect, test } from './fixtures';
import {
  adviserWithDeal,
  expectNoSeriousA11yViolations,
  LIVE,
  MUTUAL_NDA,
  newSignedInPage,
  registerBuyer,
  viewDocument,
} from './support';

// Deal documents in stages: the adviser adds one on the project page to be released by hand, the
// bidder's open page does not show it; the adviser releases it to the bidder's group from the
// tracker's menu, and it appears on the bidder's page at once, with its release time. The copy the
// bidder's viewer opens carries their e-mail on every page; the adviser's is the original.

test('a document released by hand reaches the bidder’s open page live', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const { adviser, buyer, deal } = await adviserWithDeal(request, { send: true });

  const buyerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const buyerPage = await registerBuyer(request, buyerContext, buyer, deal);
  await buyerPage.goto(`/projects/${deal.projectId}`);
  const received = buyerPage.getByTestId('bidder-documents');
  await expect(received).toContainText('The sender has not released any documents to you yet.', LIVE);

  const adviserContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const adviserPage = await newSignedInPage(adviserContext, adviser, `/projects/${deal.projectId}`);
  const panel = adviserPage.getByTestId('deal-documents-panel');
  await panel.getByRole('button', { name: 'Add document' }).click();
  const dialog = adviserPage.getByRole('dialog', { name: 'Add a deal document' });
  await dialog.getByLabel('Title').fill('Process letter');
  await dialog.getByLabel('Release', { exact: true }).click();
  await adviserPage.getByRole('option', { name: 'By hand, per group' }).click();
  await dialog.getByTestId('deal-document-file-input').setInputFiles(MUTUAL_NDA);
  await expectNoSeriousA11yViolations(adviserPage);
  await dialog.getByRole('button', { name: 'Add document' }).click();
  await expect(dialog).toBeHidden(LIVE);
  const row = panel.getByTestId('deal-document-row').filter({ hasText: 'Process letter' });
  await expect(row).toBeVisible(LIVE);
  await expect(row.getByLabel('Release of Process letter')).toHaveValue('By hand, per group');
  // Not released yet: the bidder's page still has nothing, and never its title.
  await expect(received).not.toContainText('Process letter');

  const group = adviserPage.getByTestId('tracker-group').filter({ hasText: 'Northwind Capital' });
  await group.getByRole('button', { name: 'Actions for group Northwind Capital' }).click();
  await adviserPage.getByRole('menuitem', { name: 'Release a document' }).click();
  const release = adviserPage.getByRole('dialog', { name: /^Release a document to/ });
  await release.getByLabel('Document', { exact: true }).click();
  await adviserPage.getByRole('option', { name: 'Process letter' }).click();
  await release.getByRole('button', { name: 'Release' }).click();
  await expect(release).toBeHidden(LIVE);

  // The bidder's open page shows it, with when it was released, without a reload.
  const doc = received.getByTestId('bidder-document').filter({ hasText: 'Process letter' });
  await expect(doc).toBeVisible(LIVE);
  await expect(doc).toContainText(/Released \d{2}\.\d{2}\.\d{4}/);
  await expectNoSeriousA11yViolations(buyerPage);
  await expect(row).toContainText('1', LIVE);

  // What the bidder's viewer opens is their own stamped copy: their e-mail on every page.
  const stamped = await viewDocument(
    buyerPage,
    () => doc.getByRole('button', { name: 'View Process letter' }).click(),
    'Process letter',
  );
  const pages = pdfPagesText(stamped);
  expect(pages.length).toBeGreaterThan(1);
  for (const text of pages) expect(text).toContain(buyer.email);
  await expectNoSeriousA11yViolations(buyerPage);
  await buyerPage.keyboard.press('Escape');

  // The adviser's is the original, with no one's stamp.
  const clean = await viewDocument(
    adviserPage,
    () => row.getByRole('button', { name: 'View Process letter' }).click(),
    'Process letter',
  );
  const cleanText = pdfPagesText(clean).join(' ');
  expect(cleanText).not.toContain(buyer.email);
  expect(cleanText).not.toContain('copy for');
  await buyerContext.close();
  await adviserContext.close();
});

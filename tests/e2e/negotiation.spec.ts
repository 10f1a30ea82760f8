import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { expect, test } from './fixtures';
import {
  adviserWithDeal,
  api,
  clickPage,
  confirmSigning,
  expectNotReloaded,
  LIVE,
  login,
  MUTUAL_NDA,
  markerTip,
  markNoReload,
  newSignedInPage,
  openNda,
  openNdaSignedIn,
  registerBuyer,
  saveSignature,
  selectWords,
  trpcProcedures,
} from './support';
import { pdfText } from '../support/pdf-tools';

/**
 * The NDA review page with two people at once: the adviser (the sending company's owner) and a buyer
 * (a signer of the group), each in their own browser context. The deal is set up through the REST
 * API; the negotiation, the live updates and the signature go through the UI. Live changes are
 * awaited on the page (expect with a timeout), never slept for.
 */

const WITH_CROPBOX = fileURLToPath(new URL('../fixtures/pdfs/with_cropbox.pdf', import.meta.url));

test('adviser and buyer negotiate a clause live, the buyer signs, the adviser downloads the signed NDA', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const original = fs.readFileSync(MUTUAL_NDA);
  const originalPages = (await PDFDocument.load(original)).getPageCount();

  // The adviser's deal, through the API.
  const { adviser, buyer, deal } = await adviserWithDeal(request, {
    send: true,
    pdf: original,
  });

  // The buyer registers from the invitation e-mail.
  const buyerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const buyerPage = await registerBuyer(request, buyerContext, buyer, deal);

  // Both open the NDA at once.
  const adviserContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  const adviserPage = await openNdaSignedIn(adviserContext, adviser, deal);
  await openNda(buyerPage, deal);
  await expect(adviserPage.getByTestId('nda-name')).toHaveText('Mutual NDA');
  await expect(adviserPage.getByTestId('no-comment')).toHaveText(/No comment/);
  // Each sees the other present, on page 1.
  await expect(adviserPage.getByTestId('presence-viewer')).toHaveAttribute('aria-label', 'Bea Buyer, on page 1', LIVE);
  await expect(buyerPage.getByTestId('presence-viewer')).toHaveAttribute(
    'aria-label',
    `${adviser.firstName} ${adviser.lastName}, on page 1`,
    LIVE,
  );
  await markNoReload(adviserPage);
  await markNoReload(buyerPage);

  // The buyer places a pointer on the Purpose clause and comments.
  await buyerPage.getByRole('button', { name: 'Comment', exact: true }).click();
  await buyerPage.getByRole('button', { name: 'Add comment' }).click();
  await expect(buyerPage.getByTestId('pointer-status')).toContainText('set pointer');
  await clickPage(buyerPage, 0.32, 0.41);
  await expect(buyerPage.getByTestId('pointer-status')).toContainText('Pointer set on page 1');
  const clause = 'The purpose should also cover discussions with our financing banks.';
  await buyerPage.getByLabel('Your comment').fill(clause);
  await buyerPage.getByRole('button', { name: 'Add comment' }).click();
  const buyerThread = buyerPage.getByTestId('thread-card').filter({ hasText: clause });
  await expect(buyerThread).toBeVisible();
  await expect(buyerThread.getByTestId('thread-status')).toHaveText('Open');

  // The adviser sees the thread and its pin appear without reloading.
  const adviserThread = adviserPage.getByTestId('thread-card').filter({ hasText: clause });
  await expect(adviserThread).toBeVisible(LIVE);
  await expect(adviserThread).toContainText('Bea Buyer');
  await expect(adviserPage.getByTestId('day-label').first()).toHaveText('Today');
  const pin = adviserPage.getByTestId('pointer-marker');
  await expect(pin).toHaveCount(1, LIVE);
  expect(Number(await pin.getAttribute('data-x'))).toBeCloseTo(0.32, 2);
  expect(Number(await pin.getAttribute('data-y'))).toBeCloseTo(0.41, 2);
  const tip = await markerTip(adviserPage, pin);
  expect(tip.x).toBeCloseTo(0.32, 2);
  expect(tip.y).toBeCloseTo(0.41, 2);
  // Hovering the pin shows the thread; clicking it highlights the thread in the list.
  await pin.hover();
  await expect(adviserPage.getByTestId('marker-popover')).toContainText(clause);
  await pin.click();
  await expect(adviserThread).toHaveAttribute('data-active', 'true');
  await expectNotReloaded(adviserPage);

  // The adviser replies and approves.
  const reply = 'Fine with us, as long as the banks sign a joinder.';
  await adviserThread.getByRole('textbox', { name: 'Reply' }).fill(reply);
  await adviserThread.getByRole('button', { name: 'Send reply' }).click();
  await expect(adviserThread.getByTestId('reply-text')).toHaveText(reply);
  await adviserThread.getByRole('button', { name: 'Approve' }).click();
  await expect(adviserThread.getByTestId('thread-status')).toHaveText('Approved by sender · recipient to answer');
  // The sender has moved: now it is the recipient's turn, so the adviser has no buttons left.
  await expect(adviserThread.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The buyer sees the reply and the new status live, and may now answer.
  await expect(buyerThread.getByTestId('reply-text')).toHaveText(reply, LIVE);
  await expect(buyerThread.getByTestId('thread-status')).toHaveText('Approved by sender · recipient to answer', LIVE);
  await expect(buyerThread.getByRole('button', { name: 'Approve' })).toBeVisible();
  await expectNotReloaded(buyerPage);
  // Signing waits for every thread to be settled: the buyer approves too.
  await buyerThread.getByRole('button', { name: 'Approve' }).click();
  await expect(buyerThread.getByTestId('thread-status')).toHaveText('Agreed by both parties');
  await expect(adviserThread.getByTestId('thread-status')).toHaveText('Agreed by both parties', LIVE);

  // The adviser keeps the project tracker open in a second tab while the buyer signs.
  const trackerPage = await adviserContext.newPage();
  await trackerPage.goto(`/projects/${deal.projectId}`);
  const trackerStatus = trackerPage
    .getByTestId('tracker-group')
    .filter({ hasText: 'Northwind Capital' })
    .getByTestId('group-nda-status');
  await expect(trackerStatus).toHaveText('Pending', LIVE);
  await markNoReload(trackerPage);

  // The buyer adds a signature and the company address, then signs.
  const signing = buyerPage.getByTestId('signing-panel');
  await expect(signing.getByLabel('Company name')).toHaveValue('Northwind Capital LLP');
  await signing.getByRole('button', { name: 'Sign NDA' }).click();
  await expect(signing.getByText('Address is required')).toBeVisible();
  await signing.getByLabel('Company address').fill('200 Clarendon Street, Boston MA 02116');
  await signing.getByRole('button', { name: 'Sign NDA' }).click();
  await expect(signing.getByRole('alert')).toHaveText('add signature before signing');
  await signing.getByRole('button', { name: 'add signature before signing' }).click();
  const modal = buyerPage.getByRole('dialog', { name: 'Add signature' });
  await modal.getByRole('tab', { name: 'Type' }).click();
  await modal.getByRole('button', { name: 'Save signature' }).click();
  await expect(modal).toBeHidden(LIVE);
  await expect(signing.getByRole('img', { name: 'Your saved signature' })).toBeVisible(LIVE);
  await signing.getByRole('button', { name: 'Sign NDA' }).click();
  // The last look: the parties, the agreed amendments, the final document and the consent to tick.
  const confirmation = buyerPage.getByRole('dialog', { name: 'Sign this NDA' });
  await expect(confirmation.getByText('Receiving party:')).toBeVisible();
  await expect(confirmation.getByRole('button', { name: 'Sign NDA' })).toBeDisabled();
  await confirmSigning(buyerPage);
  await expect(signing.getByTestId('signing-status')).toHaveText('Completed', { timeout: 60_000 });
  await expect(signing.getByRole('button', { name: 'Download signed PDF' })).toBeVisible();
  await expect(signing.getByTestId('signing-actions')).toHaveCount(0);
  await expect(buyerPage.getByRole('button', { name: 'Sign', exact: true })).toHaveCount(0);

  // The adviser's tracker turns Completed live, and the NDA page shows the signature.
  await expect(trackerStatus).toHaveText('Completed', LIVE);
  await expectNotReloaded(trackerPage);
  const adviserSigning = adviserPage.getByTestId('signing-panel');
  await expect(adviserSigning.getByTestId('signing-status')).toHaveText('Completed', LIVE);
  await expect(adviserPage.getByRole('button', { name: 'Comment', exact: true })).toHaveCount(0);
  await expectNotReloaded(adviserPage);

  // The adviser downloads the signed PDF: the NDA, the signature page, the agreed amendments and the certificate.
  const [download] = await Promise.all([
    adviserPage.waitForEvent('download'),
    adviserSigning.getByRole('button', { name: 'Download signed PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Project Falcon - Northwind Capital - Mutual NDA (signed).pdf');
  const signed = fs.readFileSync((await download.path())!);
  expect(signed.subarray(0, 5).toString()).toBe('%PDF-');
  // Without signature fields: the signature page, the agreed amendments and the certificate (one page
  // or more) follow the NDA.
  expect((await PDFDocument.load(signed)).getPageCount()).toBeGreaterThanOrEqual(originalPages + 3);

  // The tracker offers the group's signed NDA under the same name, and all the project's in one ZIP.
  const group = trackerPage.getByTestId('tracker-group').filter({ hasText: 'Northwind Capital' });
  const [fromTracker] = await Promise.all([
    trackerPage.waitForEvent('download'),
    group.getByRole('button', { name: 'Download the signed NDA of Northwind Capital' }).click(),
  ]);
  expect(fromTracker.suggestedFilename()).toBe('Project Falcon - Northwind Capital - Mutual NDA (signed).pdf');
  expect(fs.readFileSync((await fromTracker.path())!).equals(signed)).toBe(true);
  const [zip] = await Promise.all([
    trackerPage.waitForEvent('download'),
    trackerPage.getByRole('button', { name: 'Download all signed NDAs' }).click(),
  ]);
  expect(zip.suggestedFilename()).toBe('Project Falcon - signed NDAs.zip');
  expect(fs.readFileSync((await zip.path())!).includes(signed)).toBe(true);

  await buyerContext.close();
  await adviserContext.close();
});

test('the buyer quotes a clause and proposes wording, the adviser counter-proposes, both approve, and the signed PDF carries the agreed wording; the clause view follows live', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { adviser, buyer, deal } = await adviserWithDeal(request, { send: true });
  const buyerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const buyerPage = await registerBuyer(request, buyerContext, buyer, deal);
  // The buyer's saved signature (the signing form asks for the address itself).
  await saveSignature(request, await login(request, buyer));

  const adviserContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  const adviserPage = await openNdaSignedIn(adviserContext, adviser, deal);
  await openNda(buyerPage, deal);

  // A third browser keeps the project's clause view open, across all its groups.
  const overviewContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const overviewPage = await newSignedInPage(overviewContext, adviser, `/projects/${deal.projectId}/negotiation`);
  await expect(overviewPage.getByText('No clause raised yet')).toBeVisible(LIVE);
  await markNoReload(overviewPage);

  // The buyer selects the governing-law clause on the page: the pointer goes there and quotes it.
  await buyerPage.getByRole('button', { name: 'Comment', exact: true }).click();
  await selectWords(buyerPage, 'California');
  await expect(buyerPage.getByTestId('pointer-status')).toContainText('Pointer set on page 1');
  await expect(buyerPage.getByTestId('pending-quote')).toContainText('California');
  const ask = 'We need English law: our fund is based in London.';
  const wording = 'Governing Law: [England and Wales]';
  await buyerPage.getByLabel('Your comment').fill(ask);
  await buyerPage.getByLabel('Proposed wording').fill(wording);
  await buyerPage.getByRole('button', { name: 'Add comment' }).click();
  const buyerThread = buyerPage.getByTestId('thread-card').filter({ hasText: ask });
  await expect(buyerThread.getByTestId('thread-quote')).toContainText('California');
  await expect(buyerThread.getByTestId('thread-clause')).toHaveText('Governing Law & Jurisdiction');
  await expect(buyerThread.getByTestId('proposal-text')).toHaveText(wording);

  // The clause view shows the quoted clause, the group that raised it and its wording, live.
  const clause = overviewPage.getByTestId('clause');
  await expect(clause).toHaveCount(1, LIVE);
  await expect(clause.getByRole('heading', { level: 3 })).toHaveText('Governing Law & Jurisdiction');
  await expect(clause.getByTestId('clause-group')).toHaveText('Northwind Capital');
  await expect(clause.getByTestId('clause-proposal')).toHaveText(`Proposed wording: ${wording}`);
  await expect(clause.getByTestId('thread-status')).toHaveText('Open');

  // The adviser sees the quote and the wording live, on the card and on hover of the pin.
  const adviserThread = adviserPage.getByTestId('thread-card').filter({ hasText: ask });
  await expect(adviserThread.getByTestId('thread-quote')).toContainText('California', LIVE);
  await expect(adviserThread.getByTestId('proposal-text')).toHaveText(wording);
  const pin = adviserPage.getByTestId('pointer-marker');
  await expect(pin).toHaveCount(1, LIVE);
  await pin.hover();
  await expect(adviserPage.getByTestId('marker-quote')).toContainText('California');

  // The adviser counter-proposes in a reply.
  const counter = 'Governing Law: [England and Wales]; Jurisdiction: [courts of London]';
  await adviserThread.getByRole('textbox', { name: 'Reply' }).fill('English law is fine, with London courts.');
  await adviserThread.getByLabel('Propose other wording').check();
  await adviserThread.getByLabel('Counter-proposal').fill(counter);
  await adviserThread.getByRole('button', { name: 'Send reply' }).click();
  await expect(adviserThread.getByTestId('proposal-text')).toHaveText(counter);
  await expect(adviserThread.getByTestId('reply-proposal')).toContainText(counter);
  // The adviser proposed the wording that stands: the buyer answers it first.
  await expect(adviserThread.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The buyer sees the counter-proposal live, with their own wording kept in the history.
  await expect(buyerThread.getByTestId('proposal-text')).toHaveText(counter, LIVE);
  await expect(buyerThread.getByTestId('proposal-history')).toContainText('1 earlier proposal');
  await expect(buyerThread.getByTestId('thread-status')).toHaveText('Open');

  // Signing waits: the panel lists the open thread; its link opens the thread on its page.
  const signing = buyerPage.getByTestId('signing-panel');
  const openList = signing.getByTestId('open-threads');
  await expect(openList).toContainText('1 open thread');
  await buyerPage.getByRole('button', { name: 'Next' }).click();
  await expect(buyerPage.getByTestId('page-indicator')).toHaveText(/^2 \//);
  await openList.getByTestId('open-thread').click();
  await expect(buyerPage.getByTestId('page-indicator')).toHaveText(/^1 \//);
  await expect(buyerThread).toHaveAttribute('data-active', 'true');
  await signing.getByLabel('Company address').fill('200 Clarendon Street, Boston MA 02116');
  await signing.getByRole('button', { name: 'Sign NDA' }).click();
  await confirmSigning(buyerPage);
  await expect(
    buyerPage.locator('.mantine-Notification-root').filter({ hasText: '1 comment thread is still open' }),
  ).toBeVisible(LIVE);
  await expect(signing.getByTestId('signing-status')).toHaveText('Pending');

  // Both approve the wording that stands: the buyer first, then the adviser.
  await buyerThread.getByRole('button', { name: 'Approve' }).click();
  await expect(adviserThread.getByTestId('thread-status')).toHaveText('Approved by recipient · sender to answer', LIVE);
  await adviserThread.getByRole('button', { name: 'Approve' }).click();
  await expect(buyerThread.getByTestId('thread-status')).toHaveText('Agreed by both parties', LIVE);
  await expect(openList).toHaveCount(0);
  // The clause view follows: the counter-proposal stands, agreed by both.
  await expect(clause.getByTestId('clause-proposal')).toHaveText(`Proposed wording: ${counter}`, LIVE);
  await expect(clause.getByTestId('thread-status')).toHaveText('Agreed by both parties', LIVE);
  await expectNotReloaded(overviewPage);

  // Before signing, each side opens the final document as it will be signed: the agreed wording is in it.
  for (const [page, user] of [
    [buyerPage, buyer],
    [adviserPage, adviser],
  ] as const) {
    // The document the viewer shows, as the server answers it to this side.
    const answer = await request.get(`/api/v1/projects/nda/${deal.ndaId}/signing_preview/`, {
      headers: { authorization: `Bearer ${(await login(request, user)).access}` },
    });
    expect(answer.status()).toBe(200);
    const pdf = await answer.body();
    const text = pdfText(pdf);
    expect(text).toContain('Agreed amendments');
    expect(text).toContain(counter);
    expect(text).toContain('PREVIEW - NOT SIGNED');
    const pages = (await PDFDocument.load(pdf)).getPageCount();
    await page.getByTestId('signing-panel').getByRole('button', { name: 'Preview final document' }).click();
    const viewer = page.getByRole('dialog', { name: 'Mutual NDA: final document (preview)' });
    await expect(viewer.getByTestId('pdf-page-number').first()).toHaveText(`Page 1 of ${pages}`, LIVE);
    await viewer.getByRole('button', { name: 'Close' }).last().click();
    await expect(viewer).toBeHidden();
  }

  // Now the buyer signs.
  await signing.getByRole('button', { name: 'Sign NDA' }).click();
  await confirmSigning(buyerPage);
  await expect(signing.getByTestId('signing-status')).toHaveText('Completed', { timeout: 60_000 });
  const adviserSigning = adviserPage.getByTestId('signing-panel');
  await expect(adviserSigning.getByTestId('signing-status')).toHaveText('Completed', LIVE);

  // The adviser downloads the signed PDF: the agreed wording binds, in the schedule before the certificate.
  const [download] = await Promise.all([
    adviserPage.waitForEvent('download'),
    adviserSigning.getByRole('button', { name: 'Download signed PDF' }).click(),
  ]);
  const signed = pdfText(fs.readFileSync((await download.path())!));
  expect(signed).toContain('Agreed amendments');
  expect(signed.replace(/\s+/g, ' ')).toContain(counter);
  expect(signed.indexOf('Agreed amendments')).toBeLessThan(signed.indexOf('Certificate of signature'));
  expect(signed).not.toMatch(/approved_by_both_parties|waiting/);

  await buyerContext.close();
  await adviserContext.close();
  await overviewContext.close();
});

test('the buyer passes with a reason: one status on both sides, the reason on the tracker; the adviser recalls, replaces and sends a new NDA', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { adviser, buyer, deal } = await adviserWithDeal(request, { send: true });
  const reason = 'The price is above our mandate; we may come back after the first round.';

  // The buyer passes, saying why.
  const buyerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const buyerPage = await registerBuyer(request, buyerContext, buyer, deal);
  await openNda(buyerPage, deal);
  const buyerSigning = buyerPage.getByTestId('signing-panel');
  await expect(buyerPage.getByTestId('nda-status')).toHaveText('Pending');
  await buyerSigning.getByRole('button', { name: 'Pass' }).click();
  const passDialog = buyerPage.getByRole('dialog', { name: 'Pass on this opportunity' });
  await expect(passDialog).toContainText('Are you sure you want to pass on this opportunity ?');
  await passDialog.getByLabel('Reason (optional)').fill(reason);
  await passDialog.getByRole('button', { name: 'Yes, pass' }).click();
  await expect(passDialog).toBeHidden(LIVE);

  // One status on the buyer's page: the header and the panel agree, and nothing more can be done.
  await expect(buyerPage.getByTestId('nda-status')).toHaveText('Rejected', LIVE);
  await expect(buyerSigning.getByTestId('signing-status')).toHaveText('Rejected');
  await expect(buyerSigning.getByTestId('passed-notice')).toContainText('You have passed on this opportunity.');
  await expect(buyerSigning.getByTestId('pass-reason')).toHaveText(`Reason: ${reason}`);
  await expect(buyerPage.getByText('Pending', { exact: true })).toHaveCount(0);
  await expect(buyerSigning.getByRole('button', { name: 'Sign NDA' })).toHaveCount(0);
  await expect(buyerPage.getByRole('button', { name: 'Comment', exact: true })).toHaveCount(0);

  // The adviser's NDA page says the same, with who passed and why; the tracker shows the reason.
  const adviserContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const adviserPage = await openNdaSignedIn(adviserContext, adviser, deal);
  await expect(adviserPage.getByTestId('nda-status')).toHaveText('Rejected');
  const adviserSigning = adviserPage.getByTestId('signing-panel');
  await expect(adviserSigning.getByTestId('signing-status')).toHaveText('Rejected');
  await expect(adviserSigning.getByTestId('passed-notice')).toContainText('Bea Buyer passed on this opportunity.');
  await expect(adviserSigning.getByTestId('pass-reason')).toHaveText(`Reason: ${reason}`);
  await adviserPage.goto(`/projects/${deal.projectId}`);
  const group = adviserPage.getByTestId('tracker-group').filter({ hasText: 'Northwind Capital' });
  await expect(group.getByTestId('group-nda-status')).toHaveText('Rejected', LIVE);
  await expect(group.getByTestId('recipient-status')).toHaveText('Passed');
  await expect(group.getByTestId('pass-reason')).toHaveText(`Reason: ${reason}`);

  // The adviser recalls the NDA; a restore asks first (cancelled here).
  const menu = () => group.getByRole('button', { name: 'Actions for group Northwind Capital' }).click();
  await menu();
  await adviserPage.getByRole('menuitem', { name: 'Recall NDA' }).click();
  await adviserPage.getByRole('dialog', { name: 'Recall NDA' }).getByRole('button', { name: 'Recall' }).click();
  await expect(group.getByTestId('group-nda-status')).toHaveText('Recalled', LIVE);
  await menu();
  await adviserPage.getByRole('menuitem', { name: 'Restore NDA' }).click();
  const restoreDialog = adviserPage.getByRole('dialog', { name: 'Restore NDA' });
  await expect(restoreDialog).toContainText('Restore the recalled NDA of Northwind Capital?');
  await restoreDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(restoreDialog).toBeHidden();
  await expect(group.getByTestId('group-nda-status')).toHaveText('Recalled');

  // The adviser replaces it with a new document, and sends the new NDA.
  await menu();
  await adviserPage.getByRole('menuitem', { name: 'Replace NDA' }).click();
  await expect(adviserPage).toHaveURL(new RegExp(`/group/${deal.branchId}/review-nda$`));
  await expect(adviserPage.getByTestId('recalled-replace-hint')).toBeVisible(LIVE);
  await expect(adviserPage.getByRole('button', { name: 'Send' })).toBeDisabled();
  await adviserPage.locator('input[type="file"]').setInputFiles(WITH_CROPBOX);
  const replaceDialog = adviserPage.getByRole('dialog', { name: 'Give the group a new NDA' });
  await replaceDialog.getByRole('button', { name: 'Replace NDA' }).click();
  await expect(replaceDialog).toBeHidden(LIVE);
  await expect(adviserPage.getByTestId('recalled-replace-hint')).toHaveCount(0, LIVE);
  await expect(adviserPage.getByTestId('review-nda-name')).toHaveText('Mutual NDA');
  const send = adviserPage.getByRole('button', { name: 'Send' });
  await expect(send).toBeEnabled(LIVE);
  await adviserPage.getByLabel('Write a note').fill('Here is a revised NDA, with a lower threshold.');
  await send.click();
  await expect(adviserPage).toHaveURL(new RegExp(`/projects/${deal.projectId}/group/${deal.branchId}$`), LIVE);
  await expect(group.getByTestId('group-nda-status')).toHaveText('Pending', LIVE);
  await expect(group.getByTestId('pass-reason')).toHaveCount(0);

  // The buyer is asked again: the new NDA, open to sign.
  await openNda(buyerPage, deal);
  await expect(buyerPage.getByTestId('nda-status')).toHaveText('Pending');
  await expect(buyerPage.getByTestId('page-indicator')).toHaveText(/^1 \/ 2$/);
  await expect(buyerPage.getByTestId('signing-panel').getByRole('button', { name: 'Sign NDA' })).toBeVisible();

  await buyerContext.close();
  await adviserContext.close();
});

test('pointers are placed on the visible page (its CropBox) and stay on the same spot at any width', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // with_cropbox.pdf cropped to a box that starts 60 pt from the left and 82 pt from the top of
  // its A4 MediaBox: a viewer that ignored the CropBox would draw the page taller and offset.
  const source = await PDFDocument.load(fs.readFileSync(WITH_CROPBOX));
  for (const page of source.getPages()) page.setCropBox(60, 120, 475, 640);
  const cropped = Buffer.from(await source.save());

  const { adviser, session, deal } = await adviserWithDeal(request, {
    send: false,
    pdf: cropped,
    ndaName: 'Cropped NDA',
  });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await openNdaSignedIn(context, adviser, deal);

  // The page is drawn at 950 px with the CropBox's proportions (640 / 475), not the MediaBox's.
  const wide = (await page.getByTestId('page-overlay').boundingBox())!;
  expect(wide.width).toBe(950);
  expect(wide.height / wide.width).toBeCloseTo(640 / 475, 2);

  // The word 'Polokwane' sits at 35.2% across and 8.2% down the visible page (pdf.js text positions).
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await clickPage(page, 0.3523, 0.082);
  await page.getByLabel('Your comment').fill('Which office is meant here?');
  await page.getByRole('button', { name: 'Add comment' }).click();
  const pin = page.getByTestId('pointer-marker');
  await expect(pin).toHaveCount(1);
  expect(Number(await pin.getAttribute('data-x'))).toBeCloseTo(0.3523, 2);
  expect(Number(await pin.getAttribute('data-y'))).toBeCloseTo(0.082, 2);

  // The stored pointer is page-relative.
  const threads = await api<{ results: Array<{ pointers: Array<{ page: number; x: number; y: number }> }> }>(
    request,
    session,
    'GET',
    `/projects/comment_threads/?nda=${deal.ndaId}`,
  );
  expect(threads.results[0]!.pointers[0]!.page).toBe(1);
  expect(threads.results[0]!.pointers[0]!.x).toBeCloseTo(0.3523, 2);
  expect(threads.results[0]!.pointers[0]!.y).toBeCloseTo(0.082, 2);

  // On a phone the page is narrower and the pin is on the same spot of it.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(async () => (await page.getByTestId('page-overlay').boundingBox())!.width).toBeLessThan(390);
  const narrow = (await page.getByTestId('page-overlay').boundingBox())!;
  expect(narrow.height / narrow.width).toBeCloseTo(640 / 475, 2);
  await pin.scrollIntoViewIfNeeded();
  const tip = await markerTip(page, pin);
  expect(tip.x).toBeCloseTo(0.3523, 2);
  expect(tip.y).toBeCloseTo(0.082, 2);
  await context.close();
});

test('a page whose connection dropped while it missed messages catches up after reconnecting', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { adviser, deal } = await adviserWithDeal(request, { send: false });

  // The watching tab's socket goes through a relay that can drop what the server sends and cut the line.
  const watching = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  let dropNegotiation = false;
  const relays: Array<{ close: () => Promise<void> }> = [];
  /** What the tab sent on each connection, in order of connections. */
  const sent: string[][] = [];
  await watching.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    const log: string[] = [];
    sent.push(log);
    // Cutting the line closes both ends at once: the tab sees the drop now, not at its next heartbeat.
    relays.push({ close: () => Promise.all([server.close(), ws.close()]).then(() => undefined) });
    ws.onMessage((message) => {
      if (typeof message === 'string') log.push(message);
      server.send(message);
    });
    server.onMessage((message) => {
      if (dropNegotiation && typeof message === 'string' && /"(thread|comment)\.created"/.test(message)) return;
      ws.send(message);
    });
  });
  const watcher = await openNdaSignedIn(watching, adviser, deal);
  await markNoReload(watcher);

  const writing = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const writer = await openNdaSignedIn(writing, adviser, deal);

  // Seen live while the line is up.
  await writer.getByRole('button', { name: 'Comment', exact: true }).click();
  await clickPage(writer, 0.5, 0.2);
  await writer.getByLabel('Your comment').fill('Seen live');
  await writer.getByRole('button', { name: 'Add comment' }).click();
  await expect(watcher.getByTestId('thread-card').filter({ hasText: 'Seen live' })).toBeVisible(LIVE);

  // Missed: the message never reaches the watching tab.
  dropNegotiation = true;
  await writer.getByRole('button', { name: 'Comment', exact: true }).click();
  await clickPage(writer, 0.5, 0.6);
  await writer.getByLabel('Your comment').fill('Written while the other tab was cut off');
  await writer.getByRole('button', { name: 'Add comment' }).click();
  await expect(writer.getByTestId('thread-card')).toHaveCount(2);

  // The line drops and comes back: the tab joins the NDA's room again and reads what it missed.
  dropNegotiation = false;
  const connections = sent.length;
  // Within a heartbeat (socket.io's 25 s interval and 20 s timeout) even if a close went unseen.
  const catchUp = watcher.waitForRequest((r) => trpcProcedures(r.url()).includes('threads.list'), { timeout: 60_000 });
  await Promise.all(relays.splice(0).map((relay) => relay.close()));
  await catchUp;
  expect(sent.length).toBeGreaterThan(connections);
  expect(sent[sent.length - 1]!.some((m) => m.includes('"subscribe"') && m.includes(`"ndaId":${deal.ndaId}`))).toBe(
    true,
  );
  await expect(
    watcher.getByTestId('thread-card').filter({ hasText: 'Written while the other tab was cut off' }),
  ).toBeVisible(LIVE);
  await expect(watcher.getByTestId('pointer-marker')).toHaveCount(2);
  await expectNotReloaded(watcher);

  // And it is live again.
  await writer
    .getByTestId('thread-card')
    .filter({ hasText: 'Seen live' })
    .getByRole('textbox', { name: 'Reply' })
    .fill('Live again');
  await writer
    .getByTestId('thread-card')
    .filter({ hasText: 'Seen live' })
    .getByRole('button', { name: 'Send reply' })
    .click();
  await expect(watcher.getByTestId('reply-text')).toHaveText('Live again', LIVE);
  await watching.close();
  await writing.close();
});

test('the adviser places a signature field on the page, and it is there after a reload', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { adviser, session, deal } = await adviserWithDeal(request, { send: false });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await openNdaSignedIn(context, adviser, deal);

  await page.getByRole('button', { name: 'Place signature fields' }).click();
  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Name' }).click();
  // Draw the box with the mouse from 60 % / 20 % to 85 % / 23 % of the page.
  const overlay = page.getByTestId('page-overlay');
  await overlay.scrollIntoViewIfNeeded();
  const box = (await overlay.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.21, { steps: 4 });
  await page.mouse.move(box.x + box.width * 0.85, box.y + box.height * 0.23, { steps: 4 });
  await page.mouse.up();
  const items = page.getByTestId('signature-field-item');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Recipient · Name, page 1');
  // Selected from the list, the box is let go with Escape.
  const itemButton = items.first().getByRole('button', { name: 'Recipient · Name, page 1', exact: true });
  await itemButton.click();
  await expect(itemButton).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(itemButton).toHaveAttribute('aria-pressed', 'false');
  // A click on the page, without a drag, makes no field.
  await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.5);
  await expect(page.getByTestId('signature-field-layer').first()).toBeVisible();
  await expect(items).toHaveCount(1);

  // A second one, added from the keyboard's reach, then deleted with the Delete key.
  await page.getByRole('button', { name: 'Add to this page' }).click();
  await expect(items).toHaveCount(2);
  await page.keyboard.press('Delete');
  await expect(items).toHaveCount(1);

  await page.getByRole('button', { name: 'Save fields' }).click();
  await expect(page.getByRole('button', { name: 'Place signature fields' })).toBeVisible(LIVE);

  const saved = await api<{ fields: Array<{ party: string; kind: string; page: number; x: number; y: number }> }>(
    request,
    session,
    'GET',
    `/projects/nda/${deal.ndaId}/signature_fields/`,
  );
  expect(saved.fields).toHaveLength(1);
  expect(saved.fields[0]).toMatchObject({ party: 'recipient', kind: 'name', page: 1 });
  expect(saved.fields[0]!.x).toBeCloseTo(0.6, 2);
  expect(saved.fields[0]!.y).toBeCloseTo(0.2, 2);

  await page.reload();
  await expect(page.getByTestId('page-overlay')).toBeVisible(LIVE);
  await expect(items).toHaveCount(1, LIVE);
  await expect(items.first()).toContainText('Recipient · Name, page 1');

  // A sender title field while the owner has no job title: the panel warns and links to the account page.
  await page.getByRole('button', { name: 'Place signature fields' }).click();
  await page.getByRole('combobox', { name: 'Party' }).click();
  await page.getByRole('option', { name: 'Sender' }).click();
  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Title' }).click();
  const warning = page.getByTestId('sender-title-warning');
  await expect(warning).toHaveCount(0);
  await page.getByRole('button', { name: 'Add to this page' }).click();
  await expect(warning).toBeVisible();
  await expect(warning.getByRole('link', { name: 'your account page' })).toHaveAttribute('href', '/account');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toHaveCount(0);
  await context.close();
});

import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  adviserWithDeal,
  api,
  expectNoSeriousA11yViolations,
  LIVE,
  login,
  openNda,
  openNdaSignedIn,
  registerBuyer,
  selectWords,
} from './support';

/**
 * Commenting and rejecting on the NDA review page, as a reviewer does it: words selected before
 * Comment is pressed are the quote, the form heads the comments panel (over the page on a phone,
 * where a long press quotes a sentence), thread cards scroll with the page, and a rejection asks for
 * a reason and says what stands. Screenshots at 1280 and 390 px go to the test's output folder.
 */

const SENTENCE =
  'Any modifications of the Standard Terms should be made on the Cover Page, which will control over conflicts with the Standard Terms.';

/** Elements between `el` and the document that scroll on their own and have something hidden. */
function nestedScrollers(el: Locator): Promise<string[]> {
  return el.evaluate((node) => {
    const found: string[] = [];
    for (let e = node.parentElement; e && e !== document.body; e = e.parentElement) {
      const { overflowY } = getComputedStyle(e);
      if ((overflowY === 'auto' || overflowY === 'scroll') && e.scrollHeight > e.clientHeight + 1)
        found.push(`${e.tagName}.${e.className}`);
    }
    return found;
  });
}

/** The centre, in the window, of the first occurrence of `word` in the page's text layer. */
function wordCentre(page: Page, word: string): Promise<{ x: number; y: number }> {
  return page.evaluate((w) => {
    const layer = document.querySelector('.react-pdf__Page__textContent')!;
    const walker = document.createTreeWalker(layer, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode as Text;
      const at = node.data.indexOf(w);
      if (at === -1) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + w.length);
      const r = range.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    }
    throw new Error(`${w} is not on the page`);
  }, word);
}

test('words selected before Comment are the quote, the form heads the panel, and a rejection says what stands', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const { adviser, buyer, deal } = await adviserWithDeal(request, { send: true });
  const buyerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const buyerPage = await registerBuyer(request, buyerContext, buyer, deal);
  await openNda(buyerPage, deal);

  // The buyer selects the governing-law line, then drags from inside that selection to its end:
  // a new, shorter selection, not a drag of the selected text.
  const selected = () => buyerPage.evaluate(() => window.getSelection()!.toString().replace(/\s+/g, ' ').trim());
  await selectWords(buyerPage, 'California');
  const first = await selected();
  expect(first).toContain('California');
  const line = buyerPage.locator('.react-pdf__Page__textContent span').filter({ hasText: 'California' }).first();
  const box = (await line.boundingBox())!;
  const y = box.y + box.height / 2;
  await buyerPage.mouse.move(box.x + box.width * 0.55, y);
  await buyerPage.mouse.down();
  await buyerPage.mouse.move(box.x + box.width * 0.8, y, { steps: 4 });
  await buyerPage.mouse.move(box.x + box.width - 1, y, { steps: 4 });
  await buyerPage.mouse.up();
  const second = await selected();
  expect(second).not.toBe('');
  expect(second.length).toBeLessThan(first.length);
  expect(first).toContain(second);

  // Then Comment: the words selected are the quote, and the pointer is at them.
  await buyerPage.getByRole('button', { name: 'Comment', exact: true }).click();
  const quote = buyerPage.getByTestId('pending-quote');
  await expect(quote).toHaveText(`${second}Quoted from the page`);
  await expect(buyerPage.getByTestId('pointer-status')).toContainText('Pointer set on page 1');

  // The form heads the side column, above the signing panel, in view.
  const composer = buyerPage.getByTestId('comment-composer');
  await expect(composer).toBeInViewport();
  const composerBox = (await composer.boundingBox())!;
  const signingBox = (await buyerPage.getByTestId('signing-panel').boundingBox())!;
  expect(composerBox.y).toBeLessThan(signingBox.y);
  await buyerPage.screenshot({ path: testInfo.outputPath('comment-form-1280.png') });

  const ask = 'We need English law: our fund is based in London.';
  await buyerPage.getByLabel('Your comment').fill(ask);
  await buyerPage.getByLabel('Proposed wording').fill('Governing Law: [England and Wales]');
  await buyerPage.getByRole('button', { name: 'Add comment' }).click();
  const buyerThread = buyerPage.getByTestId('thread-card').filter({ hasText: ask });
  await expect(buyerThread.getByTestId('thread-quote')).toHaveText(second);

  // More threads, so the list is longer than the old 400 px box.
  const buyerSession = await login(request, buyer);
  for (const text of ['Clause 2 should be mutual.', 'The term should be one year.', 'Add a non-solicit carve-out.'])
    await api(request, buyerSession, 'POST', '/projects/comment_threads/', {
      nda: deal.ndaId,
      text,
      pointers: [{ page: 2, x: 0.3, y: 0.4 }],
    });

  // The adviser sees every card in the page's own scroll, Approve and Reject reachable on each.
  const adviserContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const adviserPage = await openNdaSignedIn(adviserContext, adviser, deal);
  const cards = adviserPage.getByTestId('thread-card');
  await expect(cards).toHaveCount(4, LIVE);
  expect((await adviserPage.getByTestId('comments-list').boundingBox())!.height).toBeGreaterThan(400);
  for (const card of await cards.all()) expect(await nestedScrollers(card)).toEqual([]);
  const adviserThread = cards.filter({ hasText: ask });

  // The adviser rejects with a reason, by keyboard: it is posted as their reply.
  const reject = adviserThread.getByRole('button', { name: 'Reject' });
  await reject.focus();
  await adviserPage.keyboard.press('Enter');
  const dialog = adviserPage.getByRole('dialog', { name: 'Reject this change' });
  await expect(dialog.getByTestId('reject-outcome')).toHaveText(
    "The other side answers next. If they reject it too: the document's original text stands.",
  );
  const reason = dialog.getByLabel('Reason (optional)');
  await expect(reason).toBeFocused();
  await adviserPage.keyboard.type('California law is our standard for US targets.');
  await adviserPage.keyboard.press('Tab');
  await adviserPage.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Reject' })).toBeFocused();
  await adviserPage.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(adviserThread.getByTestId('thread-status')).toHaveText('Rejected by sender · recipient to answer');
  await expect(adviserThread.getByTestId('replies')).toContainText('California law is our standard for US targets.');
  await expect(buyerThread.getByTestId('replies')).toContainText(
    'California law is our standard for US targets.',
    LIVE,
  );

  // The buyer rejects too, without a reason: the thread says the original text stands, on both sides.
  await buyerThread.getByRole('button', { name: 'Reject' }).click();
  const buyerDialog = buyerPage.getByRole('dialog', { name: 'Reject this change' });
  await expect(buyerDialog.getByTestId('reject-outcome')).toContainText('The other side has rejected it too');
  await buyerDialog.getByRole('button', { name: 'Reject' }).click();
  await expect(buyerDialog).toBeHidden();
  for (const card of [buyerThread, adviserThread]) {
    await expect(card.getByTestId('thread-status')).toHaveText('Rejected by both parties', LIVE);
    await expect(card.getByTestId('original-text-stands')).toHaveText("The document's original text stands.");
    await expect(card.getByTestId('thread-proposal')).toContainText('Rejected wording');
  }
  // One reply only: no reason given, none posted.
  await expect(buyerThread.getByTestId('reply')).toHaveCount(1);
  await adviserThread.scrollIntoViewIfNeeded();
  await adviserPage.screenshot({ path: testInfo.outputPath('rejected-card-1280.png') });
  await expectNoSeriousA11yViolations(adviserPage);
  await expectNoSeriousA11yViolations(buyerPage);

  await buyerContext.close();
  await adviserContext.close();
});

test('on a phone, comment mode opens the form over the page and a long press quotes a sentence', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const { buyer, deal, session } = await adviserWithDeal(request, { send: true });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await registerBuyer(request, context, buyer, deal);
  await openNda(page, deal);

  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  const composer = page.getByTestId('comment-composer');
  // Over the page, at the bottom of the screen: not below the document and the signing panel.
  await expect(composer).toBeInViewport();
  const sheet = (await composer.boundingBox())!;
  expect(sheet.y + sheet.height).toBeLessThanOrEqual(844 + 1);
  expect(sheet.y).toBeGreaterThan(844 / 3);
  const signing = (await page.getByTestId('signing-panel').boundingBox())!;
  expect(sheet.y).toBeLessThan(signing.y);

  // A long press on a word quotes its sentence.
  const word = page.locator('.react-pdf__Page__textContent span').filter({ hasText: 'Any modifications' }).first();
  // Into the middle of the screen, clear of the sheet at the bottom.
  await word.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const at = await wordCentre(page, 'modifications');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: at.x, y: at.y }] });
  const quote = page.getByTestId('pending-quote');
  await expect(quote).toHaveText(`${SENTENCE}Quoted from the page`);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect(quote).toHaveText(`${SENTENCE}Quoted from the page`);
  await expect(page.getByTestId('pointer-status')).toContainText('Pointer set on page 1');
  await page.screenshot({ path: testInfo.outputPath('comment-sheet-390.png') });

  const ask = 'Modifications should need both parties in writing.';
  await page.getByLabel('Your comment').fill(ask);
  await page.getByRole('button', { name: 'Add comment' }).click();
  await expect(composer).toBeHidden();
  const card = page.getByTestId('thread-card').filter({ hasText: ask });
  await expect(card.getByTestId('thread-quote')).toHaveText(SENTENCE);

  // The adviser rejects it with a reason (through the API); the buyer rejects it too, on the phone.
  const threadId = Number(await card.getAttribute('data-thread'));
  await api(
    request,
    session,
    'GET',
    `/projects/comment_threads/${threadId}/negotiation_reject/?reason=Our%20standard%20terms%20stay.`,
  );
  await expect(card.getByTestId('reply-text')).toHaveText('Our standard terms stay.', LIVE);
  await card.getByRole('button', { name: 'Reject' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Reject this change' });
  await dialog.getByLabel('Reason (optional)').fill('Agreed: the cover page governs.');
  await dialog.getByRole('button', { name: 'Reject' }).tap();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('thread-status')).toHaveText('Rejected by both parties');
  await expect(card.getByTestId('original-text-stands')).toHaveText("The document's original text stands.");
  await expect(card.getByTestId('reply-text')).toHaveText([
    'Our standard terms stay.',
    'Agreed: the cover page governs.',
  ]);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('rejected-card-390.png') });
  await expectNoSeriousA11yViolations(page);
  await context.close();
});

import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  adviserWithDeal,
  api,
  clickPage,
  LIVE,
  markerTip,
  openNdaSignedIn,
  scrollPageSpotIntoView,
  selectWords,
} from './support';

/**
 * The NDA viewer's zoom: the toolbar, the keys, ctrl + wheel and a pinch; the pointers stay on their
 * spot of the page at every zoom, and a zoomed page scrolls sideways inside the viewer, never the
 * whole page. The NDA is US Letter (612 x 792 pt): 816 px wide at 100 %.
 */

const AT_100 = 816;

async function overlayBox(page: Page) {
  return (await page.getByTestId('page-overlay').boundingBox())!;
}

/** The viewer's scrolling box, and the whole document's, in CSS pixels. */
async function scrollWidths(page: Page): Promise<{ stage: number; stageClient: number; document: number }> {
  return page.getByTestId('page-stage').evaluate((stage) => ({
    stage: stage.scrollWidth,
    stageClient: stage.clientWidth,
    document: document.documentElement.scrollWidth,
  }));
}

/** The page canvas's bitmap pixels per CSS pixel: the zoomed size drawn sharp, not stretched. */
async function canvasRatio(page: Page): Promise<number> {
  return page
    .locator('.react-pdf__Page__canvas')
    .evaluate((canvas: HTMLCanvasElement) => canvas.width / canvas.getBoundingClientRect().width);
}

/** The text layer (what a quote selects) lies exactly over the drawn page. */
async function expectTextLayerOnPage(page: Page): Promise<void> {
  const overlay = await overlayBox(page);
  await expect
    .poll(async () => {
      const text = (await page.locator('.react-pdf__Page__textContent').boundingBox())!;
      return Math.max(
        Math.abs(text.x - overlay.x),
        Math.abs(text.y - overlay.y),
        Math.abs(text.width - overlay.width),
        Math.abs(text.height - overlay.height),
      );
    })
    .toBeLessThanOrEqual(1);
}

async function expectTip(page: Page, marker: Locator, x: number, y: number): Promise<void> {
  await marker.scrollIntoViewIfNeeded();
  const tip = await markerTip(page, marker);
  expect(Math.abs(tip.x - x), `tip x ${tip.x} vs ${x}`).toBeLessThanOrEqual(0.01);
  expect(Math.abs(tip.y - y), `tip y ${tip.y} vs ${y}`).toBeLessThanOrEqual(0.01);
}

/** Places a pointer with a click at fractions (x, y) of the page and comments; the new marker. */
async function commentAt(page: Page, x: number, y: number, text: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await clickPage(page, x, y);
  await expect(page.getByTestId('pointer-status')).toContainText('Pointer set on page 1');
  await page.getByLabel('Your comment').fill(text);
  await page.getByRole('button', { name: 'Add comment' }).click();
  await expect(page.getByTestId('thread-card').filter({ hasText: text })).toBeVisible(LIVE);
  const thread = await page.getByTestId('thread-card').filter({ hasText: text }).getAttribute('data-thread');
  return thread
    ? page.locator(`[data-testid="pointer-marker"][data-thread="${thread}"]`)
    : page.getByTestId('pointer-marker').last();
}

test('the viewer zooms from its toolbar, the keyboard and ctrl + wheel, with pointers on their spot at every zoom', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { adviser, session, deal } = await adviserWithDeal(request, { send: false });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await openNdaSignedIn(context, adviser, deal);

  // Fit width is the default: the page at 950 px, 116 % of its actual size, announced.
  const zoomLevel = page.getByRole('combobox', { name: 'Zoom level' });
  await expect(zoomLevel).toHaveValue('fit-width');
  await expect(page.getByTestId('zoom-level')).toHaveText('Zoom 116%');
  expect((await overlayBox(page)).width).toBe(950);

  const first = await commentAt(page, 0.32, 0.41, 'Does the purpose cover our banks?');
  await expectTip(page, first, 0.32, 0.41);

  // At every zoom the page is drawn at its size (canvas included) and the pin stays on its spot.
  for (const [label, width] of [
    ['50%', AT_100 / 2],
    ['100%', AT_100],
    ['200%', AT_100 * 2],
  ] as const) {
    await zoomLevel.selectOption({ label });
    await expect.poll(async () => (await overlayBox(page)).width).toBe(width);
    await expect(page.getByTestId('zoom-level')).toHaveText(`Zoom ${label}`);
    await expect.poll(() => canvasRatio(page)).toBeCloseTo(1, 2);
    await expectTextLayerOnPage(page);
    await expectTip(page, first, 0.32, 0.41);
  }

  // Wider than the viewer, the page scrolls sideways inside it; the document itself does not.
  const wide = await scrollWidths(page);
  expect(wide.stage).toBeGreaterThan(wide.stageClient);
  expect(wide.document).toBeLessThanOrEqual(1440);

  // A click at 200 % places the pointer at its fraction of the page.
  const second = await commentAt(page, 0.7, 0.6, 'Which courts are meant here?');
  expect(Math.abs(Number(await second.getAttribute('data-x')) - 0.7)).toBeLessThanOrEqual(0.01);
  expect(Math.abs(Number(await second.getAttribute('data-y')) - 0.6)).toBeLessThanOrEqual(0.01);
  await expectTip(page, second, 0.7, 0.6);
  const threads = await api<{ results: Array<{ text: string; pointers: Array<{ x: number; y: number }> }> }>(
    request,
    session,
    'GET',
    `/projects/comment_threads/?nda=${deal.ndaId}`,
  );
  const stored = threads.results.find((t) => t.text === 'Which courts are meant here?')!.pointers[0]!;
  expect(Math.abs(stored.x - 0.7)).toBeLessThanOrEqual(0.01);
  expect(Math.abs(stored.y - 0.6)).toBeLessThanOrEqual(0.01);
  // Selecting words at 200 % quotes them.
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await selectWords(page, 'California');
  await expect(page.getByTestId('pointer-status')).toContainText('Pointer set on page 1');
  await expect(page.getByTestId('pending-quote')).toContainText('California');
  await page.getByRole('button', { name: 'Cancel comment' }).click();

  // Fit page: the whole page in view below the app's header, the pins on their spots.
  await zoomLevel.selectOption({ label: 'Fit page' });
  await expect.poll(async () => (await overlayBox(page)).width).toBeLessThan(950);
  const fitted = await overlayBox(page);
  expect(fitted.y).toBeGreaterThanOrEqual(64);
  expect(fitted.y + fitted.height).toBeLessThanOrEqual(900);
  expect(fitted.height / fitted.width).toBeCloseTo(792 / 612, 2);
  await expectTextLayerOnPage(page);
  await expectTip(page, first, 0.32, 0.41);
  await expectTip(page, second, 0.7, 0.6);

  // The keys, with the focus in the viewer: + and - step, 0 goes back to Fit width.
  await page.getByTestId('page-stage').focus();
  await page.keyboard.press('+');
  await expect(zoomLevel).toHaveValue('75');
  await page.keyboard.press('+');
  await expect(zoomLevel).toHaveValue('100');
  await page.keyboard.press('-');
  await expect(zoomLevel).toHaveValue('75');
  await expect.poll(async () => (await overlayBox(page)).width).toBe(AT_100 * 0.75);
  await page.keyboard.press('0');
  await expect(zoomLevel).toHaveValue('fit-width');
  await expect.poll(async () => (await overlayBox(page)).width).toBe(950);
  // The buttons step too, and stop at the ends.
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(zoomLevel).toHaveValue('125');
  await zoomLevel.selectOption({ label: '200%' });
  await expect(page.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await expect(zoomLevel).toHaveValue('150');

  // ctrl + a notch of the wheel over the page zooms one step; the pins follow.
  await zoomLevel.selectOption({ label: 'Fit width' });
  await expect.poll(async () => (await overlayBox(page)).width).toBe(950);
  await scrollPageSpotIntoView(page.getByTestId('page-overlay'), 0.5, 0.4);
  const box = await overlayBox(page);
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.4);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -100);
  await page.keyboard.up('Control');
  await expect(zoomLevel).toHaveValue('125');
  await expect.poll(async () => (await overlayBox(page)).width).toBe(AT_100 * 1.25);
  await expectTip(page, first, 0.32, 0.41);
  await expectTip(page, second, 0.7, 0.6);
  await context.close();
});

test('on a phone the page fits the width, and zoomed in (buttons or a pinch) it scrolls inside the viewer, not the page', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { adviser, deal } = await adviserWithDeal(request, { send: false });
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  const page = await openNdaSignedIn(context, adviser, deal);
  const zoomLevel = page.getByRole('combobox', { name: 'Zoom level' });

  // Fit width: the page takes the viewer's whole width, drawn at the phone's pixel ratio; nothing overflows.
  await expect(zoomLevel).toHaveValue('fit-width');
  const fit = await scrollWidths(page);
  expect(Math.abs((await overlayBox(page)).width - fit.stageClient)).toBeLessThanOrEqual(1);
  expect(fit.stage).toBe(fit.stageClient);
  expect(fit.document).toBeLessThanOrEqual(390);
  await expect.poll(() => canvasRatio(page)).toBeCloseTo(3, 1);

  // Zoom in: the page is wider than the viewer and scrolls sideways inside it; the page layout holds.
  await page.getByRole('button', { name: 'Zoom in' }).tap();
  await expect(zoomLevel).toHaveValue('50');
  await expect.poll(async () => (await overlayBox(page)).width).toBe(AT_100 / 2);
  let zoomed = await scrollWidths(page);
  expect(zoomed.stage).toBeGreaterThan(zoomed.stageClient);
  expect(zoomed.document).toBeLessThanOrEqual(390);

  await zoomLevel.selectOption({ label: '200%' });
  await expect.poll(async () => (await overlayBox(page)).width).toBe(AT_100 * 2);
  zoomed = await scrollWidths(page);
  expect(zoomed.stage).toBeGreaterThanOrEqual(AT_100 * 2);
  expect(zoomed.document).toBeLessThanOrEqual(390);
  const scrolled = await page.getByTestId('page-stage').evaluate((stage) => {
    stage.scrollLeft = 600;
    return { stage: stage.scrollLeft, window: window.scrollX };
  });
  expect(scrolled).toEqual({ stage: 600, window: 0 });
  // Still sharp, within the browser's canvas limit.
  const ratio = await canvasRatio(page);
  expect(ratio).toBeGreaterThan(1.9);
  expect(ratio).toBeLessThanOrEqual(3);

  // A pinch: two fingers 100 px apart moving to 150 px zoom from 100 % to 150 %.
  await zoomLevel.selectOption({ label: '100%' });
  await expect.poll(async () => (await overlayBox(page)).width).toBe(AT_100);
  const stage = (await page.getByTestId('page-stage').boundingBox())!;
  const cx = stage.x + stage.width / 2;
  const cy = Math.min(stage.y + stage.height / 2, 844 / 2);
  const cdp = await context.newCDPSession(page);
  const fingers = (apart: number) => [
    { x: cx - apart / 2, y: cy, id: 1 },
    { x: cx + apart / 2, y: cy, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(100) });
  for (const apart of [110, 120, 130, 140, 150]) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(apart) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect(zoomLevel).toHaveValue('150');
  await expect.poll(async () => (await overlayBox(page)).width).toBe(AT_100 * 1.5);
  expect((await scrollWidths(page)).document).toBeLessThanOrEqual(390);
  await context.close();
});

/** How far the page's left edge lies right of the viewer's left edge (negative: scrolled out of view). */
async function leftEdgeInset(page: Page): Promise<number> {
  const stage = (await page.getByTestId('page-stage').boundingBox())!;
  return (await overlayBox(page)).x - stage.x;
}

test('zooming in from the toolbar, the menu or the keys keeps the page’s left edge in view, on a laptop and a phone', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { adviser, deal } = await adviserWithDeal(request, { send: false });
  for (const device of [
    { viewport: { width: 1280, height: 900 } },
    { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  ]) {
    const context = await browser.newContext(device);
    const page = await openNdaSignedIn(context, adviser, deal);
    const width = device.viewport.width;
    const zoomLevel = page.getByRole('combobox', { name: 'Zoom level' });
    await expect(zoomLevel).toHaveValue('fit-width');
    expect(await leftEdgeInset(page)).toBeGreaterThanOrEqual(0);

    // Step by step with the button, then straight to 200 % from the menu, then with the key.
    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    await (device.isMobile ? zoomIn.tap() : zoomIn.click());
    await expect(zoomLevel).not.toHaveValue('fit-width');
    await expect.poll(() => leftEdgeInset(page)).toBeGreaterThanOrEqual(0);
    await zoomLevel.selectOption({ label: '150%' });
    await expect.poll(async () => (await overlayBox(page)).width).toBe(AT_100 * 1.5);
    expect(await leftEdgeInset(page)).toBeGreaterThanOrEqual(0);
    await page.getByTestId('page-stage').focus();
    await page.keyboard.press('+');
    await expect(zoomLevel).toHaveValue('200');
    await expect.poll(async () => (await overlayBox(page)).width).toBe(AT_100 * 2);
    expect(await leftEdgeInset(page)).toBeGreaterThanOrEqual(0);
    await expect(page.getByTestId('page-stage')).toHaveJSProperty('scrollLeft', 0);
    await page.screenshot({ path: test.info().outputPath(`zoomed-200-${width}.png`) });

    // Scrolled to the right, the spot at the viewer's left stays there: zooming out does not jump back.
    const stage = page.getByTestId('page-stage');
    await stage.evaluate((el) => el.scrollBy({ left: 300, behavior: 'instant' }));
    const before = await leftEdgeInset(page);
    expect(before).toBeLessThan(0);
    await page.keyboard.press('-');
    await expect(zoomLevel).toHaveValue('150');
    await expect.poll(async () => (await overlayBox(page)).width).toBe(AT_100 * 1.5);
    // 300 px of the page at 200 % are 225 px of it at 150 %.
    await expect.poll(() => leftEdgeInset(page)).toBeCloseTo(before * 0.75, -1);
    await context.close();
  }
});

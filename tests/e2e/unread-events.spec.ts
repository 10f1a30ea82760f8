import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adviserWithDeal, api, LIVE, login, openNdaSignedIn, registerBuyer, type Session } from './support';

/**
 * Unread means unseen: a move the adviser watches arrive on the NDA's page is read, so the Projects
 * badge does not rise for it; a move made while they are elsewhere does.
 */

/** Every figure the Projects badge has shown since this call (recorded in the page), highest first. */
async function recordBadge(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { __badge: number[] }).__badge = seen;
    const look = () => {
      const badge = document.querySelector('[data-testid="projects-unread-badge"]');
      if (badge) seen.push(Number.parseInt(badge.getAttribute('aria-label') ?? '0', 10));
    };
    look();
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { __badge: number[] }).__badge].sort((a, b) => b - a));
}

/** The unread events the badge counts, read from the server: the newest 100, the user's own aside. */
async function unreadOf(request: APIRequestContext, session: Session): Promise<number> {
  const feed = await api<{ results: Array<{ isRead: boolean; authorId: number | null }> }>(
    request,
    session,
    'GET',
    '/projects/events/?ordering=-id&limit=100',
  );
  const me = await api<{ id: number }>(request, session, 'GET', '/me/1/');
  return feed.results.filter((e) => !e.isRead && e.authorId !== me.id).length;
}

async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByTestId('projects-unread-badge');
  if ((await badge.count()) === 0) return 0;
  return Number.parseInt((await badge.getAttribute('aria-label')) ?? '0', 10);
}

test('a reply watched on the NDA page leaves the badge alone; one made elsewhere raises it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { adviser, session, buyer, deal } = await adviserWithDeal(request, { send: true });
  // The bidder has the NDA open too (its first page drawn, so their opening is recorded): their page
  // shows who else is on it.
  const buyerContext = await browser.newContext();
  const buyerPage = await registerBuyer(request, buyerContext, buyer, deal);
  await expect(buyerPage.getByTestId('page-indicator')).toHaveText(/^1 \/ \d+$/, LIVE);
  const bidder = await login(request, buyer);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await openNdaSignedIn(context, adviser, deal);
  const adviserHere = buyerPage.getByRole('img', {
    name: new RegExp(`^${adviser.firstName} ${adviser.lastName}, on page`),
  });
  await expect(adviserHere).toBeVisible(LIVE);
  // What is unread already (the bidder opening the NDA, say) is left as it is: the badge shows it.
  const before = await unreadOf(request, session);
  await expect.poll(() => badgeCount(page), LIVE).toBe(before);
  const otherTab = await context.newPage();
  await otherTab.goto('/projects');
  await expect.poll(() => badgeCount(otherTab), LIVE).toBe(before);
  const shown = await recordBadge(page);

  // The bidder opens a thread: it appears on the adviser's page, and the badge stays where it was.
  await api(request, bidder, 'POST', '/projects/comment_threads/', {
    nda: deal.ndaId,
    text: 'Clause 4 should be mutual.',
    pointers: [{ page: 1, x: 0.3, y: 0.4 }],
  });
  await expect(page.getByTestId('thread-card').filter({ hasText: 'Clause 4 should be mutual.' })).toBeVisible(LIVE);
  // The adviser's other tab, on the projects list, hears that the reply was read where it was watched.
  await expect.poll(() => badgeCount(otherTab), LIVE).toBe(before);
  expect(await unreadOf(request, session)).toBe(before);
  await page.screenshot({ path: test.info().outputPath('watched-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('watched-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The adviser leaves for the projects list; the next reply raises the badge by one, not two.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Projects/ })
    .click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(adviserHere).toHaveCount(0, LIVE);
  await api(request, bidder, 'POST', '/projects/comment_threads/', {
    nda: deal.ndaId,
    text: 'Clause 7 should end after two years.',
    pointers: [{ page: 1, x: 0.3, y: 0.6 }],
  });
  await expect(page.getByTestId('projects-unread-badge')).toHaveAccessibleName(
    `${before + 1} unread project ${before + 1 === 1 ? 'event' : 'events'}`,
    LIVE,
  );
  expect((await shown())[0]).toBe(before + 1);
  // Read again from the server, the count is the same.
  await page.reload();
  await expect(page.getByTestId('projects-unread-badge')).toHaveAccessibleName(
    `${before + 1} unread project ${before + 1 === 1 ? 'event' : 'events'}`,
    LIVE,
  );
  await expect.poll(() => badgeCount(otherTab), LIVE).toBe(before + 1);
  await Promise.all([buyerContext.close(), context.close()]);
});

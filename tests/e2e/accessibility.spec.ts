import fs from 'node:fs';
import { type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { type AppRoute, ROUTES } from '@client/app/routes';
import type { InvoiceDto, ProductDto } from '@shared/schemas/billing';
import { expect, test } from './fixtures';
import {
  addGroup,
  adviserWithDeal,
  createActiveUser,
  api,
  type Deal,
  type AxeFinding,
  describeFindings,
  linkFromMailbox,
  MUTUAL_NDA,
  newSignedInPage,
  newUser,
  login,
  type Session,
  LIVE,
  openNda,
  registerBuyer,
  seriousViolations,
  settle,
  signerInvitationFromMailbox,
  signInToAccount,
  type TestUser,
  mailTo,
  upload,
} from './support';

/**
 * Every route of the router, taken from its route table (client/src/app/routes.ts), visited by an
 * anonymous visitor, an adviser (the project's owner) and a buyer (its signer), at a desktop and a
 * phone width: axe-core must find no serious or critical WCAG 2.1 A/AA violation. A route's
 * parameters come from a deal built through the API; the pages opened from e-mails get the links the
 * e-mails carry. A route a role may not open shows what the router shows instead (sign-in, the
 * projects), checked once.
 */

// Traces of a hundred scans would cost more than the scans.
test.use({ trace: 'off' });

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
] as const;

interface World {
  adviser: TestUser;
  buyer: TestUser;
  deal: Deal;
  /** A template of the adviser's company (its signature fields page). */
  templateId: number;
  /** The adviser's paid checkout (the page shows it paid) and the invoice it issued. */
  billing: { token: string; invoiceId: number };
  /** Another company's owner, signed in, with a checkout still open: the checkout page as it asks to pay. */
  openCheckout: { page: Page; path: string };
  /** The full link of each route opened from an e-mail. */
  links: Record<string, () => Promise<string>>;
  request: APIRequestContext;
  contexts: BrowserContext[];
  pages: { anonymous: Page; adviser: Page; buyer: Page };
}

let world: World;
const readLinks = new Map<string, Promise<string>>();

/** The path of `route` for this world: its parameters from the deal, or the e-mail's link. */
async function urlOf(route: AppRoute): Promise<string> {
  const link = world.links[route.id];
  if (link) {
    // Each e-mail is read once, for the three visitors and for naming what was scanned.
    const known = readLinks.get(route.id) ?? link();
    readLinks.set(route.id, known);
    return known;
  }
  const values: Record<string, number | string> = {
    projectId: world.deal.projectId,
    branchId: world.deal.branchId,
    templateId: world.templateId,
    token: world.billing.token,
    id: world.billing.invoiceId,
  };
  const url = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined)
      throw new Error(`The accessibility test has no value for :${name} of ${route.path}: add it to urlOf or links.`);
    return String(value);
  });
  return url;
}

async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: WIDTHS[0] });
  world?.contexts.push(context);
  return context;
}

/**
 * Visits every route in one signed-in (or anonymous) page, scans it at each width, and returns the
 * findings, one line each. What a route shows at a path already scanned (a redirect) is not scanned twice.
 */
async function sweep(page: Page, role: string): Promise<string[]> {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const route of ROUTES) {
    await page.setViewportSize(WIDTHS[0]);
    const url = await urlOf(route);
    await page.goto(url);
    await settle(page);
    const landed = new URL(page.url()).pathname;
    for (const size of WIDTHS) {
      const key = `${landed}@${size.width}`;
      if (seen.has(key)) continue;
      seen.add(key);
      // The first width is the one the page settled at.
      if (size !== WIDTHS[0]) {
        await page.setViewportSize(size);
        await settle(page);
      }
      const where = `${role} ${route.path}${landed === new URL(url, 'http://x').pathname ? '' : ` (shown ${landed})`} at ${size.width}px`;
      const findings = await steadyViolations(page);
      // Printed as found too, so a run cut short still tells what it saw.
      if (findings.length) console.log(describeFindings(where, findings));
      if (findings.length) problems.push(describeFindings(where, findings));
    }
  }
  return problems;
}

/** The menus of the signed-in frame, open: the profile menu on a desktop, the navigation drawer on a phone. */
async function sweepMenus(page: Page, role: string): Promise<string[]> {
  const problems: string[] = [];
  await page.setViewportSize(WIDTHS[0]);
  await page.goto('/account');
  await settle(page);
  await page.getByRole('button', { name: /profile menu/i }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  // Scanned once fully open, not midway through its fade.
  await expect.poll(() => page.getByRole('menu').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  let findings = await seriousViolations(page);
  if (findings.length) problems.push(describeFindings(`${role} profile menu at 1280px`, findings));
  await page.keyboard.press('Escape');

  await page.setViewportSize(WIDTHS[1]);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await settle(page);
  await expect.poll(() => page.getByRole('dialog').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  findings = await seriousViolations(page);
  if (findings.length) problems.push(describeFindings(`${role} navigation drawer at 375px`, findings));
  await page.keyboard.press('Escape');
  return problems;
}

/**
 * What axe finds on a route, and finds again once the page has settled a second time: a page that
 * was caught between two renders (a live update landing as the scan ran) is not a finding, while
 * anything the page keeps showing is.
 */
async function steadyViolations(page: Page): Promise<AxeFinding[]> {
  const first = await seriousViolations(page);
  if (!first.length) return first;
  await settle(page);
  const again = await seriousViolations(page);
  const seenAgain = new Set(again.map((f) => `${f.rule} ${f.targets.join(',')}`));
  return first.filter((f) => seenAgain.has(`${f.rule} ${f.targets.join(',')}`));
}

/** Scans `page` as it is now, at the width it has, and adds what it finds under `where`. */
async function scanInto(problems: string[], page: Page, where: string): Promise<void> {
  const findings = await seriousViolations(page);
  if (findings.length) problems.push(describeFindings(where, findings));
}

/**
 * What opens on a page rather than being one: the location picker's suggestions (on the sign-up form,
 * for an anonymous visitor) and a project's activity (from the projects, for the adviser).
 */
async function sweepWidgets(page: Page, role: 'anonymous' | 'adviser'): Promise<string[]> {
  const problems: string[] = [];
  await page.setViewportSize(WIDTHS[0]);
  if (role === 'anonymous') {
    await page.goto('/sign-up');
    await settle(page);
    await page.getByRole('combobox', { name: 'Location' }).fill('Lond');
    await expect(page.getByRole('option', { name: /London/ }).first()).toBeVisible(LIVE);
    await scanInto(problems, page, 'anonymous location suggestions at 1280px');
  } else {
    await page.goto('/projects');
    await settle(page);
    await page
      .getByRole('button', { name: /^Activity of / })
      .first()
      .click();
    const modal = page.getByRole('dialog', { name: /^Activity · / });
    await expect(modal).toBeVisible(LIVE);
    await settle(page);
    await expect.poll(() => modal.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await scanInto(problems, page, 'adviser activity modal at 1280px');
    await page.setViewportSize(WIDTHS[1]);
    await scanInto(problems, page, 'adviser activity modal at 375px');
    await page.keyboard.press('Escape');
  }
  return problems;
}

test.describe('every route passes axe-core', () => {
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(150_000);
    const setup = await browser.newContext();
    const request = setup.request;
    const { adviser, session, buyer, deal } = await adviserWithDeal(request, { send: true });
    // A second group whose recipient has not registered: their invitation shows the registration form.
    const invitee = { ...newUser(), firstName: 'Casey', lastName: 'Counsel' };
    const second = await addGroup(request, session, {
      projectId: deal.projectId,
      name: 'Eastgate Partners',
      contactsName: 'Eastgate bidders',
      recipient: { email: invitee.email, firstName: invitee.firstName, lastName: invitee.lastName },
      pdf: fs.readFileSync(MUTUAL_NDA),
      ndaName: 'Eastgate NDA',
    });
    await api(request, session, 'POST', `/projects/dashboard/${second.branchId}/send_nda_to_all_signers/`, {
      subject: 'Project Falcon: NDA for your review',
      note: 'Please review the NDA.',
    });
    await request.post('/trpc/auth.requestPasswordReset', { data: { email: adviser.email } });
    // The project NDA and a template, whose signature fields pages show the document.
    const mutualNda = { name: 'mutual-nda.pdf', mimeType: 'application/pdf', buffer: fs.readFileSync(MUTUAL_NDA) };
    await upload(request, session, 'POST', '/projects/nda/', {
      project: String(deal.projectId),
      name: 'Mutual NDA',
      file: mutualNda,
    });
    const template = await upload<{ id: number }>(request, session, 'POST', '/projects/nda_templates/', {
      name: 'Mutual NDA template',
      file: mutualNda,
    });

    // The adviser's company buys the Boutique plan through the built-in checkout: its invoice page.
    const products = await api<{ results: ProductDto[] }>(request, session, 'GET', '/billing/products/?limit=-1');
    const boutique = products.results.find((p) => p.code === 'boutique')!.prices[0]!.id;
    const subscribe = async (owner: Session) =>
      (
        await api<{ checkoutUrl: string }>(request, owner, 'POST', '/billing/subscription/subscribe/', {
          price_id: boutique,
        })
      ).checkoutUrl
        .split('/')
        .pop()!;
    const paid = await subscribe(session);
    await api(request, session, 'POST', `/billing/checkout/${paid}/pay/`);
    const invoices = await api<{ results: InvoiceDto[] }>(request, session, 'GET', '/billing/invoice/?limit=-1');
    // A checkout left open closes when the company subscribes again or has a plan: the open one is
    // another company's, whose owner alone may see it.
    const owner = await createActiveUser(request);
    const open = await subscribe(await login(request, owner));

    world = {
      adviser,
      buyer,
      deal,
      templateId: template.id,
      billing: { token: paid, invoiceId: invoices.results[0]!.id },
      openCheckout: { page: undefined as unknown as Page, path: `/checkout/${open}` },
      request,
      contexts: [setup],
      links: {},
      pages: {} as World['pages'],
    };
    const invitation = await signerInvitationFromMailbox(request, invitee.email);
    const [uidAndToken] = invitation.split('/').slice(-1);
    world.links = {
      userActivation: async () =>
        /\/user-activation\/[^"<\s]+/.exec(await mailTo(request, adviser.email, /Activate/))![0],
      passwordResetConfirm: () => linkFromMailbox(request, adviser.email, /\/password-reset-confirm\/[^"<\s]+/),
      signerInvitation: async () => invitation,
      // No seat to invite a team member with: the page reads a link it refuses.
      memberInvitation: async () => `/member_invitation/${uidAndToken}`,
      unsubscribe: async () => {
        const mail = await mailTo(request, buyer.email, /New activity on Project Falcon/, { timeout: 30_000 });
        return new URL(/https?:\/\/[^"<\s]+\/unsubscribe\/[^"<\s]+/.exec(mail)![0]).pathname;
      },
    };

    // The buyer registers from their invitation and signs in; the adviser signs in.
    const buyerPage = await registerBuyer(request, await newContext(browser), buyer, deal);
    const adviserPage = await (await newContext(browser)).newPage();
    await signInToAccount(adviserPage, adviser);
    world.openCheckout.page = await newSignedInPage(await newContext(browser), owner);
    world.pages = { anonymous: await (await newContext(browser)).newPage(), adviser: adviserPage, buyer: buyerPage };

    // A thread on the NDA: the review page shows it, and the buyer, no longer on that page, gets a
    // digest with an unsubscribe link.
    await buyerPage.goto('/account');
    await settle(buyerPage);
    await api(request, session, 'POST', '/projects/comment_threads/', {
      nda: deal.ndaId,
      text: 'Clause 4 should be mutual.',
      pointers: [{ page: 1, x: 0.3, y: 0.4 }],
    });
  });

  test.afterAll(async () => {
    for (const context of world?.contexts ?? []) await context.close();
  });

  test('the router takes every route from the route table', () => {
    const source = fs.readFileSync(new URL('../../client/src/app/router.tsx', import.meta.url), 'utf8');
    // Only the fallback is written in the router itself.
    expect(source.match(/path:\s*['"`][^'"`]*['"`]/g) ?? []).toEqual([`path: '*'`]);
    expect(ROUTES.length).toBeGreaterThan(20);
  });

  test('as an anonymous visitor, the adviser and the buyer, at 1280 and 375 px', async () => {
    // About two minutes on an idle machine; a busy one reads each page many times slower.
    test.setTimeout(900_000);
    // The three visitors at once, each in their own browser context.
    const found = await Promise.all(
      (['anonymous', 'adviser', 'buyer'] as const).map(async (role) => {
        const page = world.pages[role];
        const started = Date.now();
        const problems = await sweep(page, role);
        if (role !== 'anonymous') problems.push(...(await sweepMenus(page, role)));
        if (role !== 'buyer') problems.push(...(await sweepWidgets(page, role)));
        console.log(`${role}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
        return problems;
      }),
    );
    const problems = found.flat();
    // The checkout page still open, as its company's owner sees it before paying.
    const { page, path } = world.openCheckout;
    await page.goto(path);
    await settle(page);
    await expect(page.getByRole('button', { name: /^Pay/ })).toBeVisible(LIVE);
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await settle(page);
      const findings = await seriousViolations(page);
      if (findings.length)
        problems.push(describeFindings(`owner /checkout/:token (open) at ${size.width}px`, findings));
    }
    expect(problems.length, `Serious or critical accessibility violations:\n${problems.join('\n')}`).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// The NDA review page by keyboard alone.

/** The focused element draws a ring: an outline of 2 px or more (the theme's focus ring). */
async function expectFocusVisible(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { ok: false, what: 'nothing is focused' };
    const style = getComputedStyle(el);
    const ok = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    return {
      ok,
      what: `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.slice(0, 40)} (outline ${style.outlineStyle} ${style.outlineWidth})`,
    };
  });
  expect(ring.ok, `focus ring on ${ring.what}`).toBe(true);
}

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, opts: { back?: boolean; max?: number } = {}): Promise<void> {
  const key = opts.back ? 'Shift+Tab' : 'Tab';
  for (let i = 0; i < (opts.max ?? 60); i++) {
    await page.keyboard.press(key);
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) {
      await expectFocusVisible(page);
      return;
    }
  }
  throw new Error(`${key} never reached ${target}`);
}

async function expectFocused(target: Locator): Promise<void> {
  await expect.poll(() => target.evaluate((el) => el === document.activeElement), LIVE).toBe(true);
}

test('a buyer reviews, negotiates and signs the NDA with the keyboard alone', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const { session: adviser, buyer, deal } = await adviserWithDeal(request, { send: true });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await registerBuyer(request, context, buyer, deal, { companyName: 'Northwind Capital LLP' });
  // The adviser's thread on page 1, for the buyer to answer.
  const first = await api<{ id: number }>(request, adviser, 'POST', '/projects/comment_threads/', {
    nda: deal.ndaId,
    text: 'Clause 2 should name the advisers who may receive the information.',
    pointers: [{ page: 1, x: 0.3, y: 0.4 }],
  });
  await openNda(page, deal);
  const announcer = page.getByTestId('live-announcer');
  await expect(announcer).toHaveAttribute('aria-live', 'polite');
  await expect(page.locator('[aria-live]')).toHaveCount(1);

  // From here on, only the keyboard. Between pages: Next, then Previous, each said in the live region.
  const indicator = page.getByTestId('page-indicator');
  const next = page.getByRole('button', { name: 'Next', exact: true });
  await tabTo(page, next);
  await page.keyboard.press('Enter');
  await expect(indicator).toHaveText(/^2 \/ \d+$/);
  await expect(announcer).toHaveText(/^Page 2 of \d+$/);
  const previous = page.getByRole('button', { name: 'Previous', exact: true });
  await page.keyboard.press('Shift+Tab');
  await expectFocused(previous);
  await page.keyboard.press('Enter');
  await expect(indicator).toHaveText(/^1 \/ \d+$/);
  // Previous is disabled on the first page: the focus goes to Next, never to nothing.
  await expectFocused(next);
  await expectFocusVisible(page);

  // A new comment at a place chosen with the arrow keys.
  await tabTo(page, page.getByRole('button', { name: 'Comment', exact: true }), { back: true });
  await page.keyboard.press('Enter');
  const placer = page.getByTestId('keyboard-placer');
  await tabTo(page, placer);
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  await expect(announcer).toHaveText('56 % across, 35 % down');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pointer-status')).toContainText('Pointer set on page 1');
  const text = page.getByRole('textbox', { name: 'Your comment' });
  await expectFocused(text);
  await expectFocusVisible(page);
  const mine = 'The term of two years should be eighteen months.';
  await page.keyboard.type(mine);
  await tabTo(page, page.getByRole('button', { name: 'Add comment' }));
  await page.keyboard.press('Enter');
  const myThread = page.getByTestId('thread-card').filter({ hasText: mine });
  await expectFocused(myThread);
  const pins = page.getByTestId('pointer-marker');
  await expect(pins).toHaveCount(2);
  const myPin = pins.filter({ hasNot: page.locator(`[data-thread="${first.id}"]`) }).last();
  expect(Number(await myPin.getAttribute('data-x'))).toBeCloseTo(0.56, 2);
  expect(Number(await myPin.getAttribute('data-y'))).toBeCloseTo(0.35, 2);

  // The adviser's thread, opened from its pin: its card takes the focus.
  await tabTo(page, page.locator(`[data-testid="pointer-marker"][data-thread="${first.id}"]`), { back: true });
  await page.keyboard.press('Enter');
  const theirThread = page.locator(`[data-testid="thread-card"][data-thread="${first.id}"]`);
  await expectFocused(theirThread);
  await expectFocusVisible(page);
  await expect(theirThread).toHaveAttribute('data-active', 'true');

  // A reply (Ctrl+Enter sends it), then Approve.
  await tabTo(page, theirThread.getByRole('textbox', { name: 'Reply' }));
  await page.keyboard.type('Our advisers are listed in Schedule 1.');
  await page.keyboard.press('Control+Enter');
  await expect(theirThread.getByTestId('reply-text')).toHaveText('Our advisers are listed in Schedule 1.');
  await tabTo(page, theirThread.getByRole('button', { name: 'Approve' }), { back: true });
  await page.keyboard.press('Enter');
  await expect(theirThread.getByTestId('thread-status')).toHaveText('Approved by recipient · sender to answer');
  // The buttons are gone (the sender's turn): the focus stays on the thread.
  await expect(theirThread.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expectFocused(theirThread);

  // The adviser replies and moves: the live region says so, politely; the focus does not move.
  const myId = Number(await myThread.getAttribute('data-thread'));
  await api(request, adviser, 'POST', '/projects/comments/', {
    comment_thread: first.id,
    text: 'Schedule 1 works for us.',
  });
  await expect(announcer).toContainText('replied to comment 1: Schedule 1 works for us.', LIVE);
  await expectFocused(theirThread);
  await api(request, adviser, 'POST', `/projects/comment_threads/${first.id}/negotiation_approve/`);
  await api(request, adviser, 'POST', `/projects/comment_threads/${myId}/negotiation_approve/`);
  await expect(theirThread.getByTestId('thread-status')).toHaveText('Agreed by both parties', LIVE);
  await expect(myThread.getByTestId('thread-status')).toHaveText('Approved by sender · recipient to answer', LIVE);
  await expect(announcer).toContainText('Comment 2: Approved by sender', LIVE);
  await expectFocused(theirThread);

  // The buyer approves their own thread's answer.
  await tabTo(page, myThread.getByRole('button', { name: 'Approve' }));
  await page.keyboard.press('Enter');
  await expect(myThread.getByTestId('thread-status')).toHaveText('Agreed by both parties');
  await expectFocused(myThread);

  // Signing: the address, a typed signature in its dialog (which keeps the focus inside), then Sign NDA.
  const signing = page.getByTestId('signing-panel');
  await tabTo(page, signing.getByLabel('Company address'), { back: true, max: 80 });
  await page.keyboard.type('200 Clarendon Street, Boston MA 02116');
  await tabTo(page, signing.getByRole('button', { name: 'Sign NDA' }));
  await page.keyboard.press('Enter');
  await expect(signing.getByRole('alert')).toHaveText('add signature before signing');
  const add = signing.getByRole('button', { name: 'add signature before signing' });
  await tabTo(page, add, { back: true });
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Add signature' });
  await expect(modal).toBeVisible();
  await tabTo(page, modal.getByRole('tab', { name: 'Draw' }));
  await page.keyboard.press('ArrowRight');
  await expect(modal.getByRole('tab', { name: 'Type' })).toHaveAttribute('aria-selected', 'true');
  // Tab cycles inside the dialog.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await modal.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await tabTo(page, modal.getByRole('button', { name: 'Save signature' }));
  await page.keyboard.press('Enter');
  await expect(modal).toBeHidden(LIVE);
  await expect(signing.getByRole('img', { name: 'Your saved signature' })).toBeVisible(LIVE);
  // The button that opened the dialog is gone: the focus goes on to Sign NDA.
  await expectFocused(signing.getByRole('button', { name: 'Sign NDA' }));
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  // The confirmation: the consent is ticked with Space, then its own Sign NDA button signs.
  const confirmation = page.getByRole('dialog', { name: 'Sign this NDA' });
  await expect(confirmation).toBeVisible();
  await tabTo(page, confirmation.getByRole('checkbox', { name: /I agree to sign this NDA electronically/ }));
  await page.keyboard.press('Space');
  await tabTo(page, confirmation.getByRole('button', { name: 'Sign NDA' }));
  await page.keyboard.press('Enter');
  await expect(signing.getByTestId('signing-status')).toHaveText('Completed', { timeout: 60_000 });
  // The signing form is gone: the focus is still in the signing panel.
  await expect
    .poll(() => signing.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)), LIVE)
    .toBe(true);
  await context.close();
});

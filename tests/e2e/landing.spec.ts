import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createActiveUser, mailTo, signIn } from './support';

// The landing page (/), the privacy policy and the terms: sections, breakpoints, the contact form,
// the narrow-screen menu, accessibility and what the page downloads.

const CONTACT_EMAIL = 'sales@nda.local';

async function open(page: Page, width: number, path = '/', height = 900): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

const features = (page: Page) => page.locator('#features');
const testimonials = (page: Page) => page.locator('#testimonial');

/** How many slides lie wholly inside the carousel's viewport, measured in one go. */
async function slidesInView(page: Page): Promise<number> {
  return testimonials(page)
    .locator('[aria-roledescription="carousel"]')
    .evaluate((carousel) => {
      const viewport = carousel.querySelector('.mantine-Carousel-viewport')!.getBoundingClientRect();
      // The card, not the slide: a slide's box includes the gap after it.
      const cards = [...carousel.querySelectorAll('[aria-roledescription="slide"] > figure')];
      return cards.filter((card) => {
        const box = card.getBoundingClientRect();
        return box.left >= viewport.left - 2 && box.right <= viewport.right + 2 && box.width > 0;
      }).length;
    });
}

async function pauseCarousel(page: Page): Promise<void> {
  await testimonials(page).getByRole('button', { name: 'Pause testimonials' }).click();
  await expect(testimonials(page).getByRole('button', { name: 'Play testimonials' })).toBeVisible();
}

test.describe('landing page', () => {
  // The testimonials' autoplay and its Pause button, and the smooth scroll to a section, exist only
  // for a visitor who has not asked for reduced motion.
  test.use({ reducedMotion: 'no-preference' });
  test('the navigation scrolls to #features, #testimonial and #contact-us, and Home back to the top', async ({
    page,
  }) => {
    await open(page, 1280);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, id] of [
      ['Features', 'features'],
      ['Testimonial', 'testimonial'],
      ['Contact Us', 'contact-us'],
    ] as const) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/#${id}$`));
      await expect(page.locator(`#${id}`)).toBeInViewport();
      await expect(page.locator(`#${id}`).getByRole('heading', { level: 2 })).toBeInViewport();
    }
    await nav.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();

    // Arriving with an anchor lands on its section.
    await page.goto('/#contact-us');
    await expect(page.getByRole('heading', { name: 'Talk to us about your next process' })).toBeInViewport();
  });

  test('Our Features: tabs at 1280 px, an accordion at 768 px', async ({ page }) => {
    const topics = ['Send & Negotiate', 'Opportunities', 'Create', 'Invite & Track', 'Safe'];
    await open(page, 1280);
    const tabs = features(page).getByRole('tab');
    await expect(tabs).toHaveText(topics);
    await expect(features(page).getByRole('heading', { name: /clause by clause, not through e-mail/ })).toBeVisible();
    await features(page).getByRole('tab', { name: 'Safe' }).click();
    await expect(features(page).getByRole('tab', { name: 'Safe' })).toHaveAttribute('aria-selected', 'true');
    await expect(features(page).getByRole('heading', { name: 'Confidential by design' })).toBeVisible();
    await expect(features(page).getByRole('heading', { name: /clause by clause, not through e-mail/ })).toBeHidden();

    await open(page, 768);
    await expect(features(page).getByRole('tablist')).toHaveCount(0);
    for (const topic of topics) await expect(features(page).getByRole('button', { name: topic })).toBeVisible();
    const safe = features(page).getByRole('button', { name: 'Safe' });
    await expect(safe).toHaveAttribute('aria-expanded', 'false');
    await safe.click();
    await expect(safe).toHaveAttribute('aria-expanded', 'true');
    await expect(features(page).getByRole('heading', { name: 'Confidential by design' })).toBeVisible();

    // One pixel wider is a wide screen again.
    await open(page, 769);
    await expect(features(page).getByRole('tab')).toHaveCount(5);
  });

  test('Our Testimonials: 3, 2 and 1 slides at 1280, 900 and 500 px, moving by itself, with dots and no arrows', async ({
    page,
  }) => {
    await open(page, 1280);
    const carousel = testimonials(page);
    const dots = carousel.getByRole('tablist', { name: 'Slides' }).getByRole('tab');
    await expect(dots).toHaveCount(6);
    await expect(carousel.getByRole('button', { name: /Next slide|Previous slide/ })).toHaveCount(0);
    // Each card: avatar, name, location, quote and a rating a screen reader can read.
    const first = carousel.getByRole('group', { name: '1 of 6' });
    await expect(first.getByRole('img', { name: /^Rated [1-5] out of 5$/ })).toBeVisible();
    await expect(first.locator('blockquote')).toContainText('non-solicit clause');
    await expect(first.locator('figcaption')).toContainText('Eleanor Whitcombe');
    await expect(first.locator('figcaption')).toContainText('London, United Kingdom');
    await expect(first.locator('.mantine-Avatar-root')).toHaveText('EW');

    // Autoplay: another dot becomes the current one within a few seconds, with no interaction.
    await page.mouse.move(0, 0);
    const startDot = await dots.evaluateAll((all) => all.findIndex((d) => d.getAttribute('aria-selected') === 'true'));
    await expect
      .poll(() => dots.evaluateAll((all) => all.findIndex((d) => d.getAttribute('aria-selected') === 'true')), {
        timeout: 6000,
      })
      .not.toBe(startDot);

    await pauseCarousel(page);
    // A slide that was moving when paused comes to rest with whole cards in view.
    await expect.poll(() => slidesInView(page)).toBe(3);
    // A dot moves the carousel.
    await dots.nth(3).click();
    await expect(dots.nth(3)).toHaveAttribute('aria-selected', 'true');

    await open(page, 900);
    await pauseCarousel(page);
    // A slide that was moving when paused comes to rest with whole cards in view.
    await expect.poll(() => slidesInView(page)).toBe(2);

    await open(page, 500);
    await pauseCarousel(page);
    // A slide that was moving when paused comes to rest with whole cards in view.
    await expect.poll(() => slidesInView(page)).toBe(1);
  });

  test('Contact us: an empty form shows every error at once; a message is thanked and reaches the team’s mailbox', async ({
    page,
    request,
  }) => {
    await open(page, 1280, '/#contact-us');
    const form = page.getByRole('form', { name: 'Contact us' });
    // A blank field says so on leaving it.
    await form.getByLabel('First name').focus();
    await form.getByLabel('First name').blur();
    await expect(form.getByText('First name is required')).toBeVisible();

    await form.getByRole('button', { name: 'Send message' }).click();
    for (const message of [
      'First name is required',
      'Email is required',
      'Contact number is required',
      'Message is required',
    ])
      await expect(form.getByText(message, { exact: true })).toBeVisible();

    await form.getByLabel('Email').fill('not an address');
    await form.getByLabel('Email').blur();
    await expect(form.getByText('Invalid email format')).toBeVisible();

    const token = `process-${Date.now().toString(36)}`;
    await form.getByLabel('First name').fill('Imogen');
    await form.getByLabel('Email').fill('imogen.hale@example.com');
    await form.getByLabel('Contact number').fill('+44 20 7946 0123');
    await form.getByLabel('Message').fill(`We are launching a sale with about 90 bidders (${token}).`);
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you' })).toContainText(
      'A member of our team will contact you shortly.',
    );
    await expect(form).toHaveCount(0);

    const mail = await mailTo(request, CONTACT_EMAIL, /Contact request from Imogen/);
    expect(mail).toContain(token);
    expect(mail).toContain('imogen.hale@example.com');
    expect(mail).toContain('+44 20 7946 0123');
  });

  test('Register for free carries the e-mail into sign-up', async ({ page }) => {
    await open(page, 1280);
    await page.getByRole('textbox', { name: 'Work e-mail' }).fill('partner@boutique-advisory.example');
    await page.getByRole('button', { name: 'Register for free' }).click();
    await expect(page).toHaveURL(/\/sign-up\?email=partner%40boutique-advisory\.example$/);
    await expect(page.getByLabel('Company e-mail')).toHaveValue('partner@boutique-advisory.example');
  });

  test('on a narrow screen the navigation folds into a menu that opens, leads to a section and closes', async ({
    page,
  }) => {
    await open(page, 375);
    const main = page.getByRole('navigation', { name: 'Main' });
    await expect(main.getByRole('link', { name: 'Features' })).toBeHidden();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'Log in' })).toBeVisible();
    for (const label of ['Home', 'Features', 'Testimonial', 'Contact Us'])
      await expect(drawer.getByRole('link', { name: label, exact: true })).toBeVisible();
    await drawer.getByRole('link', { name: 'Contact Us' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.locator('#contact-us')).toBeInViewport();

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the footer links the legal pages, the social profiles by name and the address', async ({ page }) => {
    await open(page, 1280);
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: 'Privacy & Cookies Policy' })).toHaveAttribute(
      'href',
      '/privacyPolicy',
    );
    await expect(footer.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms-condition');
    for (const network of ['LinkedIn', 'X', 'YouTube'])
      await expect(
        footer.getByRole('link', { name: `NDA Workspace on ${network} (opens in a new tab)` }),
      ).toBeVisible();
    await expect(footer.locator('address')).toContainText('London');
  });

  test('the logo goes to the landing page, or to the account when signed in', async ({ page, request }) => {
    await open(page, 1280);
    await expect(page.getByRole('link', { name: 'NDA Workspace home' })).toHaveAttribute('href', '/');
    await page.goto('/login');
    await expect(page.getByRole('link', { name: 'NDA Workspace home' }).first()).toHaveAttribute('href', '/');

    const user = await createActiveUser(request);
    await signIn(page, user);
    await expect(page).toHaveURL(/\/account$/);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'NDA Workspace home' })).toHaveAttribute('href', '/account');
    await expect(page.getByRole('link', { name: 'Open workspace' })).toBeVisible();
    await page.goto('/terms-condition');
    await page.getByRole('link', { name: 'NDA Workspace home' }).click();
    await expect(page).toHaveURL(/\/account$/);
  });

  test('the landing page downloads no PDF or chart code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.url().endsWith('.js') || response.url().endsWith('.mjs')) scripts.push(await response.text());
    });
    await open(page, 1280);
    await page.getByRole('heading', { name: 'Talk to us about your next process' }).scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(2);
    for (const body of scripts) {
      expect(body).not.toContain('GlobalWorkerOptions'); // pdf.js
      expect(body).not.toContain('recharts-wrapper'); // recharts
    }
  });
});

test.describe('legal pages', () => {
  test('the privacy policy has 15 numbered sections under one title, readable on a phone', async ({ page }) => {
    await open(page, 375, '/privacyPolicy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy & Cookies Policy');
    const sections = page.locator('main section h2');
    await expect(sections).toHaveCount(15);
    await expect(sections.first()).toHaveText('1. Who we are');
    await expect(sections.last()).toHaveText('15. How to contact us and how to complain');
    const text = await page.locator('main').innerText();
    for (const phrase of [
      'UK GDPR',
      'Data Protection Act 2018',
      'Information Commissioner’s Office',
      'controller',
      'Legitimate interests',
      'International transfers',
      'Cookies',
      'Children',
    ])
      expect(text).toContain(phrase);
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The contents lead to a section.
    await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'Your rights' }).click();
    await expect(page.getByRole('heading', { name: '12. Your rights' })).toBeInViewport();
  });

  test('the terms are dated March 2024, carry the agreed figures and link to the privacy policy', async ({ page }) => {
    await open(page, 1280, '/terms-condition');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms & Conditions');
    await expect(page.getByText('Last updated March 2024')).toBeVisible();
    const text = await page.locator('main').innerText();
    for (const figure of [
      'at least 30 days’ notice by e-mail or in the service', // fee change
      'interest of 1.5% per month',
      'at least 10 days’ notice', // suspension
      'payable within 30 days of the invoice date',
      'in writing within 30 days of the invoice date', // payment dispute
      'keep your content for 30 days after the trial ends',
      'notice of non-renewal at least 30 days before the end',
      'does not cure it within 30 days',
      'governed by the law of the United Kingdom',
    ])
      expect(text).toContain(figure);
    await page.locator('main').getByRole('link', { name: 'Privacy & Cookies Policy' }).first().click();
    await expect(page).toHaveURL(/\/privacyPolicy$/);
  });

  test('no page of the public site says that something is unfinished', async ({ page }) => {
    for (const path of ['/', '/privacyPolicy', '/terms-condition']) {
      await open(page, 1280, path);
      const text = await page.locator('body').innerText();
      expect(text, path).not.toMatch(/not available yet|arrives with|replaces it with|coming soon|lorem ipsum/i);
    }
  });
});

test.describe('accessibility (axe-core)', () => {
  // axe reads every node of a long page: give it room on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  async function seriousViolations(page: Page) {
    // Colours are measured once transitions (a drawer sliding in, an error fading in) have finished.
    await expect
      .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length))
      .toBe(0);
    const results = await new AxeBuilder({ page }).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
  }

  for (const width of [1280, 375]) {
    for (const path of ['/', '/privacyPolicy', '/terms-condition']) {
      test(`${path} at ${width} px has no serious or critical violation`, async ({ page }) => {
        await open(page, width, path);
        if (path === '/')
          await expect(page.locator('#testimonial [aria-roledescription="slide"]').first()).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  }

  test('the landing page with its menu open and the form showing errors has no serious or critical violation', async ({
    page,
  }) => {
    await open(page, 375, '/#contact-us');
    await page.getByRole('form', { name: 'Contact us' }).getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Message is required')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

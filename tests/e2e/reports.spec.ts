import fs from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  adviserWithDeal,
  api,
  createActiveUser,
  expectNoSeriousA11yViolations,
  LIVE,
  MUTUAL_NDA,
  newSignedInPage,
  newUser,
  registerBuyer,
  setUpDeal,
  signAsRecipient,
} from './support';

// The Reports page (/reports) and the analytics view (/dashboard): the counters, the three charts,
// the filter by project, and a signature elsewhere showing up live.

async function expectCounters(
  page: Page,
  expected: { projects: number; ndas: number; signed: number; unsigned: number },
) {
  await expect(page.getByTestId('count-projects')).toHaveText(String(expected.projects), LIVE);
  await expect(page.getByTestId('count-ndas')).toHaveText(String(expected.ndas), LIVE);
  await expect(page.getByTestId('ring-signed')).toHaveText(String(expected.signed), LIVE);
  await expect(page.getByTestId('ring-unsigned')).toHaveText(String(expected.unsigned), LIVE);
}

/** Whether a report table's last column lies inside its box, nothing scrolled out of sight. */
function tableFits(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((section) => {
    const region = section.querySelector('[role="region"]')!;
    const lastHeader = [...section.querySelectorAll('th')].at(-1)!;
    return (
      region.scrollWidth <= region.clientWidth &&
      lastHeader.getBoundingClientRect().right <= region.getBoundingClientRect().right + 1
    );
  });
}

test('an adviser reads the reports, filters them by project and sees a signature arrive live', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // Falcon's NDA is signed by its buyer; Heron's is sent and waiting.
  const { adviser, session, buyer, deal: falcon } = await adviserWithDeal(request, { send: true });
  const buyerContext = await browser.newContext();
  await registerBuyer(request, buyerContext, buyer, falcon, { signIn: false });
  await signAsRecipient(buyerContext.request, buyer, falcon);
  const heronBuyer = { ...newUser(), firstName: 'Bea', lastName: 'Buyer' };
  const heron = await setUpDeal(request, session, {
    buyerEmail: heronBuyer.email,
    pdf: fs.readFileSync(MUTUAL_NDA),
    ndaName: 'Heron NDA',
    send: true,
    project: 'Project Heron',
  });

  const adviserContext = await browser.newContext();
  const page = await newSignedInPage(adviserContext, adviser);
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await expect(page.getByText(/not available yet|arrives with/)).toHaveCount(0);

  // Both projects: one NDA signed, one waiting; the median time to sign is known.
  await expectCounters(page, { projects: 2, ndas: 2, signed: 1, unsigned: 1 });
  await expect(page.getByTestId('count-active')).toHaveText('0');
  await expect(page.getByTestId('median-time')).not.toHaveText('No NDA signed');

  // The three charts, each a named figure; the NDA ring is drawn after a second.
  await expect(page.getByRole('figure', { name: 'NDAs', exact: true })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Project/ Recipients' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Send NDAs/ Signed NDAs/ Recalled NDAs' })).toBeVisible();
  await expect(page.getByTestId('chart-ndas').locator('.recharts-pie-sector').first()).toBeVisible(LIVE);
  await expect(page.getByTestId('chart-projects-recipients').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByTestId('chart-nda-activity').locator('.recharts-area').first()).toBeVisible();
  // The events of both projects, newest first.
  await expect(page.getByTestId('report-events')).toContainText('NDA was signed by:');

  // Choosing a project chooses its group: Falcon alone has its one signed NDA.
  const filter = page.getByRole('combobox', { name: 'Filter by projects or groups' });
  await filter.click();
  await page.getByRole('option', { name: 'Project: Project Falcon' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('reports-filter').locator('..')).toContainText('Group: Northwind Capital');
  await expectCounters(page, { projects: 1, ndas: 1, signed: 1, unsigned: 0 });

  // Heron instead: its NDA waits for a signature, and Falcon's events are no longer listed.
  await filter.click();
  await page.getByRole('option', { name: 'Project: Project Falcon' }).click();
  await page.getByRole('option', { name: 'Project: Project Heron' }).click();
  await page.keyboard.press('Escape');
  await expectCounters(page, { projects: 1, ndas: 1, signed: 0, unsigned: 1 });
  await expect(page.getByTestId('median-time')).toHaveText('No NDA signed');
  await expect(page.getByTestId('report-events')).not.toContainText('NDA was signed by:');

  // Heron's buyer signs in their own browser: the open report follows without a reload.
  const heronContext = await browser.newContext();
  await registerBuyer(request, heronContext, heronBuyer, heron, { signIn: false });
  await signAsRecipient(heronContext.request, heronBuyer, heron);
  await expectCounters(page, { projects: 1, ndas: 1, signed: 1, unsigned: 0 });
  await expect(page.getByTestId('median-time')).not.toHaveText('No NDA signed', LIVE);
  await expect(page.getByTestId('report-events')).toContainText('NDA was signed by:', LIVE);
  await expectNoSeriousA11yViolations(page);

  // The analytics view draws the same charts at 550x310.
  await page.getByRole('link', { name: 'Analytics view' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expectCounters(page, { projects: 2, ndas: 2, signed: 2, unsigned: 0 });
  for (const chart of ['chart-ndas', 'chart-projects-recipients', 'chart-nda-activity'])
    await expect(page.getByTestId(chart).locator('svg.recharts-surface[width="550"][height="310"]')).toHaveCount(
      1,
      LIVE,
    );
  await expect(page.getByRole('link', { name: 'Reports', exact: true })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousA11yViolations(page);

  await Promise.all([buyerContext.close(), heronContext.close(), adviserContext.close()]);
});

test('a new account sees empty reports, with no activity yet', async ({ browser, request }) => {
  // Sign-up, the charts' first load and axe-core's pass together outlast the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const adviser = await createActiveUser(request);
  const context = await browser.newContext();
  const page = await newSignedInPage(context, adviser, '/reports');
  await expectCounters(page, { projects: 0, ndas: 0, signed: 0, unsigned: 0 });
  await expect(page.getByTestId('median-time')).toHaveText('No NDA signed');
  await expect(page.getByText('There are no projects activities')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Filter by projects or groups' })).toHaveAttribute(
    'placeholder',
    'Filter by projects or groups...',
  );
  await expect(page.getByRole('figure', { name: 'NDAs', exact: true })).toBeVisible();
  await expect(page.getByTestId('chart-ndas').locator('[data-drawn]')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await context.close();
});

test('an adviser sees each group’s time to sign and the clauses negotiated, and exports both as CSV', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // Falcon's buyer signed; Heron's buyer is negotiating a clause.
  const { adviser, session, buyer, deal: falcon } = await adviserWithDeal(request, { send: true });
  const buyerContext = await browser.newContext();
  await registerBuyer(request, buyerContext, buyer, falcon, { signIn: false });
  await signAsRecipient(buyerContext.request, buyer, falcon);
  const heron = await setUpDeal(request, session, {
    buyerEmail: newUser().email,
    pdf: fs.readFileSync(MUTUAL_NDA),
    ndaName: 'Heron NDA',
    send: true,
    project: 'Project Heron',
  });

  const context = await browser.newContext();
  const page = await newSignedInPage(context, adviser, '/reports');
  const groups = page.getByTestId('report-groups');
  await expect(groups.getByTestId(`report-group-${falcon.branchId}`)).toContainText('Completed', LIVE);
  await expect(groups.getByTestId(`report-group-${falcon.branchId}`).getByTestId('time-to-sign')).toHaveText(
    /minute|Under a minute/,
  );
  await expect(groups.getByTestId(`report-group-${heron.branchId}`)).toContainText('Pending');
  await expect(page.getByTestId('report-clauses')).toContainText('No clause has been negotiated');
  // The NDA column names each group's NDA, its status beside it.
  await expect(groups.getByTestId(`report-group-${heron.branchId}`).getByTestId('group-nda-name')).toHaveText(
    'Heron NDA',
  );
  await expect(groups.getByTestId(`report-group-${falcon.branchId}`).getByTestId('group-nda-name')).toHaveText(
    'Mutual NDA',
  );
  // Laptop widths show the whole table, its Threads column included; a phone scrolls it.
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => tableFits(page, 'report-groups'), LIVE).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await groups.scrollIntoViewIfNeeded();
  await groups.screenshot({ path: test.info().outputPath('reports-groups-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await groups.scrollIntoViewIfNeeded();
  await groups.screenshot({ path: test.info().outputPath('reports-groups-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  // A thread opened on Heron's NDA arrives in the clause table without a reload.
  await api(request, session, 'POST', '/projects/comment_threads/', {
    nda: heron.ndaId,
    text: 'Clause 5 should last two years, not five.',
    pointers: [{ page: 1, x: 0.3, y: 0.4 }],
  });
  const clause = page.getByTestId('report-clause');
  await expect(clause).toHaveCount(1, LIVE);
  await expect(clause).toContainText('Project Heron, page 1');
  await expect(clause.getByTestId('clause-groups')).toHaveText('1');
  await expect(groups.getByTestId(`report-group-${heron.branchId}`)).toContainText('1 (1)');
  await expectNoSeriousA11yViolations(page);

  // The exports hold what the filter shows: Falcon alone.
  const filter = page.getByRole('combobox', { name: 'Filter by projects or groups' });
  await filter.click();
  await page.getByRole('option', { name: 'Project: Project Falcon' }).click();
  await page.keyboard.press('Escape');
  await expect(groups.getByTestId(`report-group-${heron.branchId}`)).toHaveCount(0, LIVE);
  const download = async (name: string) => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
    return { name: file.suggestedFilename(), text: fs.readFileSync((await file.path())!, 'utf8') };
  };
  const statuses = await download('Export NDA statuses (CSV)');
  expect(statuses.name).toMatch(/^nda-report-statuses-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = statuses.text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(
    'project,group,nda_status,sent_at_utc,signed_at_utc,time_to_sign,time_to_sign_minutes,threads,open_threads,agreed_threads',
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(/^Project Falcon,.+,Completed,/);
  const events = await download('Export events (CSV)');
  expect(events.name).toMatch(/^nda-report-events-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(events.text).toContain(',nda_signed,NDA was signed by: ');
  expect(events.text).not.toContain('Project Heron');

  await Promise.all([buyerContext.close(), context.close()]);
});

import { expect, test } from './fixtures';
import {
  adviserWithDeal,
  api,
  confirmSigning,
  LIVE,
  mailTo,
  newSignedInPage,
  openNda,
  registerBuyer,
  saveSignature,
  login,
} from './support';

// The NDA deadline: a group whose deadline has passed shows Expired on the tracker and on the bidder's
// page, with the adviser to ask for more time; the adviser extends it from the tracker in their own
// time zone, the bidder is told by e-mail and their page lets them sign again, live.

/** A datetime-local value (the browser's time zone) `days` from now, on the hour. */
function localInputIn(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:00`;
}

test('an expired NDA is extended from the tracker, and the bidder is told and signs', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const { adviser, session, buyer, deal } = await adviserWithDeal(request, { send: true });
  // The group's deadline passed an hour ago.
  const passed = new Date(Date.now() - 3_600_000).toISOString();
  await api(request, session, 'PATCH', `/projects/project_branches/${deal.branchId}/`, { nda_deadline: passed });

  // The bidder's page says the NDA expired, whom to ask, and offers no signature.
  const buyerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const buyerPage = await registerBuyer(request, buyerContext, buyer, deal);
  await saveSignature(request, await login(request, buyer));
  await openNda(buyerPage, deal);
  const signing = buyerPage.getByTestId('signing-panel');
  const expired = signing.getByTestId('nda-expired');
  await expect(expired).toContainText('This NDA expired on', LIVE);
  await expect(expired).toContainText(adviser.email);
  await expect(signing.getByRole('button', { name: 'Sign NDA' })).toHaveCount(0);

  // The adviser's tracker shows the group expired, with the date it expired.
  const adviserContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const adviserPage = await newSignedInPage(adviserContext, adviser, `/projects/${deal.projectId}`);
  const group = adviserPage.getByTestId('tracker-group').filter({ hasText: 'Northwind Capital' });
  await expect(group.getByTestId('group-nda-status')).toHaveText('Expired', LIVE);
  await expect(group.getByTestId('group-deadline')).toHaveText(/^Expired \d{2}\.\d{2}\.\d{4} \d{1,2}:\d{2}$/);

  // The adviser extends it by a week, in their own time zone.
  await group.getByRole('button', { name: 'Actions for group Northwind Capital' }).click();
  await adviserPage.getByRole('menuitem', { name: 'Extend NDA deadline' }).click();
  const dialog = adviserPage.getByRole('dialog', { name: 'NDA deadline of Northwind Capital' });
  await expect(dialog).toContainText('The NDA has expired.');
  const later = localInputIn(7);
  await dialog.getByTestId('group-nda-deadline').fill(later);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden(LIVE);
  await expect(group.getByTestId('group-nda-status')).not.toHaveText('Expired', LIVE);
  await expect(group.getByTestId('group-deadline')).toHaveText(/^Due \d{2}\.\d{2}\.\d{4} \d{1,2}:00$/);
  const saved = await api<{ ndaDeadline: string; expired: boolean }>(
    request,
    session,
    'GET',
    `/projects/project_branches/${deal.branchId}/`,
  );
  expect(saved.expired).toBe(false);
  expect(new Date(saved.ndaDeadline).getTime()).toBe(new Date(later).getTime());

  // The bidder is told by e-mail, and their open page lets them sign, without a reload.
  await mailTo(request, buyer.email, /The NDA deadline for Project Falcon has been extended/);
  await expect(expired).toBeHidden(LIVE);
  await signing.getByLabel('Company address').fill('200 Clarendon Street, Boston MA 02116');
  await signing.getByRole('button', { name: 'Sign NDA' }).click();
  await confirmSigning(buyerPage);
  await expect(signing.getByTestId('signing-status')).toHaveText('Completed', { timeout: 60_000 });
  await expect(group.getByTestId('group-nda-status')).toHaveText('Completed', LIVE);
  await expect(group.getByTestId('group-deadline')).toHaveCount(0);
  await buyerContext.close();
  await adviserContext.close();
});

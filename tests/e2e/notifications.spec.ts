import { expect, test } from './fixtures';
import { adviserWithDeal, api, expectOnNdaPath, login, mailTo, registerBuyer, signInThroughApi } from './support';

/**
 * Notification e-mails seen from the buyer's side: a move of the adviser arrives as a digest in the
 * (dev) mailbox, its unsubscribe link turns that kind off without signing in, and the account page
 * shows the switch and turns it on again. The deal is set up through the REST API.
 */

test.describe.configure({ timeout: 120_000 });

/** The e2e server gathers moves for NOTIFY_DIGEST_SECONDS (playwright.config.ts): a few seconds. */
const MAIL = { timeout: 30_000 };

test('a buyer unsubscribes from the e-mail without signing in and turns it on again on the account page', async ({
  context,
  request,
}) => {
  const { session: adviser, buyer, deal } = await adviserWithDeal(request, { send: true, project: 'Project Osprey' });
  const page = await registerBuyer(request, context, buyer, deal, {
    companyName: 'Osprey Capital LLP',
    signIn: false,
  });

  // The adviser opens a thread: the buyer gets one digest in the mailbox.
  await api(request, adviser, 'POST', '/projects/comment_threads/', {
    nda: deal.ndaId,
    text: 'Clause 4 should be mutual.',
    pointers: [{ page: 1, x: 0.3, y: 0.4 }],
  });
  const mail = await mailTo(request, buyer.email, /New activity on Project Osprey/, MAIL);
  expect(mail).toContain('opened a comment thread: “Clause 4 should be mutual.”');
  const link = /https?:\/\/[^"<\s]+\/unsubscribe\/[^"<\s]+/.exec(mail)![0];

  // A link that was changed is refused, and changes nothing.
  await page.goto(link.replace(/\.negotiation\./, '.outcomes.'));
  await expect(page.getByRole('status')).toContainText('This unsubscribe link is not valid.');

  // The real link, signed out: one click turns negotiation e-mails off and says so.
  await page.goto(link);
  await expect(page.getByRole('status')).toContainText(
    'You will no longer receive e-mails about negotiation activity.',
  );

  // Signed in (a signer lands on the NDA they were invited to), the account page shows the switch off
  // (and the other kind still on), and turns it on again.
  await signInThroughApi(page, buyer);
  await expectOnNdaPath(page, deal);
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'E-mail notifications' });
  const negotiation = section.getByRole('switch', { name: 'E-mail me about negotiation activity' });
  const outcomes = section.getByRole('switch', { name: 'E-mail me when an NDA is signed or passed' });
  await expect(negotiation).not.toBeChecked();
  await expect(outcomes).toBeChecked();
  await negotiation.click();
  await expect(page.getByText('We will e-mail you about this again.')).toBeVisible();
  // What the toast reports is saved: the account reads it back, and so does the page after a reload.
  const me = await login(request, buyer);
  const account = await api<{ notifyNegotiation: boolean }>(request, me, 'GET', `/me/${me.userId}/`);
  expect(account.notifyNegotiation).toBe(true);
  await page.reload();
  await expect(section.getByRole('switch', { name: 'E-mail me about negotiation activity' })).toBeChecked();
});

import { expect, test } from './fixtures';
import { createActiveUser, newUser, signIn, signUpAndActivate, trpcProcedures } from './support';

const BAD_CREDENTIALS = 'Unable to log in with provided credentials.';

test('signs up, activates from the e-mail, signs in, stays signed in after a reload and signs out', async ({
  page,
}) => {
  const user = newUser();
  await signUpAndActivate(page, user);

  await page.getByRole('link', { name: 'Go to login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, user);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: `${user.firstName} ${user.lastName}` })).toBeVisible();
  await expect(page.getByText(user.email).first()).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: `${user.firstName} ${user.lastName}` })).toBeVisible();

  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('nda.session'))).toBeNull();
});

test('a wrong password shows the server message', async ({ page, request }) => {
  const user = await createActiveUser(request);
  await page.goto('/login');
  await signIn(page, { email: user.email, password: 'not-the-password' });
  await expect(page.getByTestId('login-error')).toHaveText(BAD_CREDENTIALS);
  await expect(page.getByRole('alert').filter({ hasText: BAD_CREDENTIALS })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The right password: the failure's toast closes with the sign-in. The mouse rests on the toast,
  // which holds it open however long it lasts, and the form is sent with the keyboard.
  const toast = page.getByRole('alert').filter({ hasText: BAD_CREDENTIALS });
  await toast.hover();
  const password = page.getByLabel('Password', { exact: true });
  await password.fill(user.password);
  await password.press('Enter');
  await expect(page).toHaveURL(/\/account$/);
  await expect(toast).toHaveCount(0);
});

test('a private route sends a visitor to sign in and back afterwards; sign-in is then closed to them', async ({
  page,
  request,
}) => {
  const user = await createActiveUser(request);
  await page.goto('/reports');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, user);
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();

  await page.goto('/login');
  await expect(page).toHaveURL(/\/projects$/);
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/projects$/);
});

test('a signer link on a private route opens signer registration', async ({ page }) => {
  await page.goto('/projects?signer=MTI:some-token');
  await expect(page).toHaveURL(/\/signer_invitation\/MTI:some-token$/);
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  // The link is read before anything is typed: this one was never issued, so there is no form to fill,
  // and a signer link that cannot be used reads as the spec's expired-token message.
  await expect(page.getByText('This invitation link cannot be used')).toBeVisible();
  await expect(
    page.getByText('Registration Link is not valid because the term has expired. Please use password renewal'),
  ).toBeVisible();
  await expect(page.getByLabel('First name & Last name')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('nda.signerLink'))).toBe('/projects');
});

test('sign-up checks fields on blur with the spec messages', async ({ page }) => {
  await page.goto('/sign-up?email=prefilled@example.com');
  await expect(page.getByLabel('Company e-mail')).toHaveValue('prefilled@example.com');
  const email = page.getByLabel('Company e-mail');
  await email.fill('');
  await email.blur();
  await expect(page.getByText('Email is required')).toBeVisible();
  await email.fill('not-an-email');
  await email.blur();
  await expect(page.getByText('Invalid email format')).toBeVisible();
  await page.getByLabel('First name', { exact: true }).focus();
  await page.getByLabel('First name', { exact: true }).blur();
  await expect(page.getByText('First name is required')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
  await page.getByLabel('Confirm password', { exact: true }).fill('different-2');
  await page.getByLabel('Confirm password', { exact: true }).blur();
  await expect(page.getByText('Passwords must match')).toBeVisible();
});

test('an expired access token is refreshed once and the calls go through with the new one', async ({
  page,
  request,
}) => {
  const user = await createActiveUser(request);
  await page.goto('/login');
  await signIn(page, user);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('status', { name: 'Live updates connected' })).toBeVisible();

  const before = await page.evaluate(
    () => JSON.parse(localStorage.getItem('nda.session')!) as { access: string; refresh: string },
  );
  // The token is spoilt as the reloaded page starts, before its scripts run: spoilt in the page
  // still open, any call that page made before the reload would be refreshed too and counted.
  await page.addInitScript(() => {
    if (sessionStorage.getItem('e2e.spoilt')) return;
    sessionStorage.setItem('e2e.spoilt', '1');
    const session = JSON.parse(localStorage.getItem('nda.session')!) as { access: string };
    session.access = `${session.access.slice(0, -4)}AAAA`;
    localStorage.setItem('nda.session', JSON.stringify(session));
  });
  let refreshes = 0;
  page.on('request', (r) => {
    if (trpcProcedures(r.url()).includes('auth.refresh')) refreshes += 1;
  });

  await page.reload();
  await expect(page.getByRole('heading', { name: `${user.firstName} ${user.lastName}` })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Live updates connected' })).toBeVisible();
  const after = await page.evaluate(
    () => JSON.parse(localStorage.getItem('nda.session')!) as { access: string; refresh: string },
  );
  expect(after.access).not.toBe(before.access);
  expect(after.refresh).not.toBe(before.refresh);
  expect(refreshes).toBe(1);

  // The rotated session keeps working for the next calls.
  await page.getByRole('link', { name: 'Projects' }).click();
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
});

import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export function newUser(): TestUser {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  return {
    email: `e2e-${id}@example.com`,
    password: `Secret-${id}`,
    firstName: 'Avery',
    lastName: `Tester${id.slice(-4)}`,
  };
}

async function trpcMutation(request: APIRequestContext, path: string, input: unknown): Promise<void> {
  const response = await request.post(`/trpc/${path}`, { data: input });
  expect(response.ok(), `${path}: ${await response.text()}`).toBeTruthy();
}

/** The activation key from the newest activation e-mail to `email` in the dev mailbox. */
async function activationKey(request: APIRequestContext, email: string): Promise<string> {
  const mailbox = await (await request.get('/dev/mailbox')).text();
  const row = mailbox.split('<tr>').find((r) => r.includes(`<td>${email}</td>`) && r.includes('Activate'));
  const mailPath = row && /href="(\/dev\/mailbox\/\d+)"/.exec(row)?.[1];
  expect(mailPath, `activation mail for ${email}`).toBeTruthy();
  const mail = await (await request.get(mailPath!)).text();
  const key = /\/user-activation\/([^"<\s]+)/.exec(mail)?.[1];
  expect(key, 'activation link').toBeTruthy();
  return decodeURIComponent(key!);
}

/** An activated owner account made through the API, for tests about what happens after sign-up. */
export async function createActiveUser(request: APIRequestContext): Promise<TestUser> {
  const user = newUser();
  await trpcMutation(request, 'auth.register', {
    email: user.email,
    password1: user.password,
    password2: user.password,
    firstName: user.firstName,
    lastName: user.lastName,
    location: 'London, United Kingdom',
    companyName: 'Harbour Street Advisory',
  });
  await trpcMutation(request, 'auth.verifyEmail', { key: await activationKey(request, user.email) });
  return user;
}

/** Fills and sends the sign-in form of the page already open at /login. */
export async function signIn(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Registers an owner through the sign-up page and activates the account from the dev mailbox. */
export async function signUpAndActivate(page: Page, user: TestUser): Promise<void> {
  await page.goto('/sign-up');
  await page.getByLabel('First name', { exact: true }).fill(user.firstName);
  await page.getByLabel('Last name', { exact: true }).fill(user.lastName);
  await page.getByLabel('Company e-mail').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(user.password);
  await page.getByLabel('Company name').fill('Harbour Street Advisory');
  await page.getByLabel('Location').fill('London, United Kingdom');
  await page.getByRole('checkbox', { name: /I agree to the Terms/ }).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Register Success! Check your email and verify your account')).toBeVisible();

  await page.goto('/dev/mailbox');
  await page
    .getByRole('row')
    .filter({ hasText: user.email })
    .getByRole('link', { name: /Activate/ })
    .click();
  await page.getByRole('link', { name: 'Activate account' }).click();
  await expect(page.getByText('Email was successfully activated')).toBeVisible();
}

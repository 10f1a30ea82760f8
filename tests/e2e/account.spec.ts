import { execFileSync } from 'node:child_process';
import { deflateSync } from 'node:zlib';
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createActiveUser, newUser, signIn, signInToAccount, type TestUser } from './support';

// Each test walks a whole journey (sign-ups, e-mails, several sign-ins): more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

const NOT_ENOUGH_MEMBERS = 'You dont have enough allowed Team Members';
const IMAGE_TOO_LARGE = 'Image is too large, please select new image';

/** Draws a signature stroke by stroke with the mouse (pointer events), as a person would. */
async function drawSignature(page: Page): Promise<void> {
  const canvas = page.getByTestId('signature-canvas');
  // hover waits until the modal has finished opening and the canvas stands still.
  await canvas.hover({ position: { x: 30, y: 90 } });
  const box = (await canvas.boundingBox())!;
  const strokes = [
    [
      [30, 95],
      [60, 40],
      [85, 100],
      [110, 45],
      [135, 98],
    ],
    [
      [150, 80],
      [200, 60],
      [250, 95],
      [300, 50],
      [360, 85],
    ],
  ];
  for (const stroke of strokes) {
    const [first, ...rest] = stroke;
    await page.mouse.move(box.x + first![0]!, box.y + first![1]!);
    await page.mouse.down();
    for (const [x, y] of rest) await page.mouse.move(box.x + x!, box.y + y!, { steps: 8 });
    await page.mouse.up();
  }
}

/** Width and height of the signature the server stores for the signed-in user. */
function savedSignatureSize(page: Page): Promise<[number, number]> {
  return page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('nda.session')!) as { access: string };
    const response = await fetch('/api/v1/me/get_my_sign/', { headers: { Authorization: `Bearer ${session.access}` } });
    const bitmap = await createImageBitmap(await response.blob());
    return [bitmap.width, bitmap.height] as [number, number];
  });
}

/** A real PNG of the given size (solid navy), for the photo upload. */
function pngOf(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [0x2a, 0x53, 0x94]).flat()),
  ]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.describe.serial('account page: signature, company and team', () => {
  let owner: TestUser;
  let ownerPage: Page;

  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    ownerPage = await (await browser.newContext()).newPage();
    // Signing up is auth.spec.ts's; this owner is made through the API.
    owner = await createActiveUser(ownerPage.context().request);
  });
  test.afterAll(async () => {
    await ownerPage.context().close();
  });

  test('an owner draws a signature, edits the company and cannot invite without a seat', async () => {
    const page = ownerPage;
    await signInToAccount(page, owner);

    // Signature: drawn on the 400x140 canvas with the mouse, saved as a PNG of that size.
    const signature = page.getByRole('region', { name: 'Signature' });
    await expect(signature.getByText('You have not added a signature yet')).toBeVisible();
    await signature.getByRole('button', { name: 'Add signature' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add signature' });
    await expect(dialog).toBeVisible();
    const canvas = dialog.getByTestId('signature-canvas');
    await expect(canvas).toHaveAttribute('width', '400');
    await expect(canvas).toHaveAttribute('height', '140');
    await expect(dialog.getByRole('button', { name: 'Save signature' })).toBeDisabled();
    await drawSignature(page);
    await dialog.getByRole('button', { name: 'Save signature' }).click();
    await expect(page.getByText('Your signature is saved.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(signature.getByRole('img', { name: 'Your saved signature' })).toBeVisible();
    expect(await savedSignatureSize(page)).toEqual([400, 140]);

    // The typed variant renders on a 400x80 canvas; cancelling keeps the drawn signature.
    await signature.getByRole('button', { name: 'Update signature' }).click();
    const update = page.getByRole('dialog', { name: 'Update signature' });
    await update.getByRole('tab', { name: 'Type' }).click();
    await expect(update.getByLabel('First name')).toHaveValue(owner.firstName);
    await expect(update.getByTestId('typed-signature-canvas')).toHaveAttribute('width', '400');
    await expect(update.getByTestId('typed-signature-canvas')).toHaveAttribute('height', '80');
    // The handwriting face ships with the app: it is loaded, not left to whatever the system has.
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.fonts].some((f) => f.family.replace(/["']/g, '') === 'Dancing Script' && f.status === 'loaded'),
        ),
      )
      .toBe(true);
    await update.getByRole('button', { name: 'Cancel' }).click();
    await expect(update).toBeHidden();

    // Company: required fields checked on blur, saved, still there after a reload.
    const company = page.getByRole('region', { name: 'My company' });
    await company.getByRole('button', { name: 'Edit company' }).click();
    const name = company.getByLabel('Company name');
    await name.fill('');
    await name.blur();
    await expect(company.getByText('Company name is required')).toBeVisible();
    await name.fill('Harbour Street Advisory LLP');
    await company.getByLabel('Address').fill('12 Harbour Street, London EC2A 4NE');
    await company.getByLabel('VAT').fill('GB123456789');
    await company.getByRole('button', { name: 'Save company' }).click();
    await expect(page.getByText('Company details are saved.')).toBeVisible();
    await expect(company.getByText('Harbour Street Advisory LLP')).toBeVisible();
    await page.reload();
    await expect(company.getByText('12 Harbour Street, London EC2A 4NE')).toBeVisible();
    await expect(company.getByText('Harbour Street Advisory LLP')).toBeVisible();
    await expect(company.getByText('GB123456789')).toBeVisible();

    // The Free plan has no team member seat: the plan card counts as the server does, then the
    // server's message and the add-to-plan dialog.
    await expect(page.getByTestId('plan-members')).toHaveText('Team members0 / 0');
    await expect(page.getByTestId('plan-projects')).toHaveText('Projects0 / 2');
    const team = page.getByRole('region', { name: 'Team management' });
    const invite = team.getByLabel('Team member e-mail');
    await invite.fill('not-an-email');
    await invite.blur();
    await expect(team.getByText('Invalid email format')).toBeVisible();
    await invite.fill(`colleague-${owner.email}`);
    await team.getByRole('button', { name: 'Invite' }).click();
    const plan = page.getByRole('dialog', { name: 'Add a team member to your plan' });
    await expect(plan.getByText(NOT_ENOUGH_MEMBERS)).toBeVisible();
    await expect(plan.getByRole('link', { name: 'Go to Plan' })).toHaveAttribute('href', '/plan');
    await plan.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(plan).toBeHidden();
    await expect(team.getByText('No team members yet.', { exact: false })).toBeVisible();
  });

  test('with a seat granted, a member registers, reads the company, and is signed out once removed', async ({
    browser,
  }) => {
    test.skip(
      !process.env.E2E_DATABASE_URL,
      'Granting a seat changes the database behind the running server, which needs PostgreSQL: set TEST_DATABASE_URL (PGlite admits one process at a time).',
    );
    const page = ownerPage;
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/grant-extras.ts', '--email', owner.email, '--members', '1', '--while-running'],
      {
        env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL },
        encoding: 'utf8',
      },
    );
    expect(output).toContain('1 extra team member seat');

    const member = newUser();
    member.firstName = 'Morgan';
    member.lastName = 'Lee';
    const team = page.getByRole('region', { name: 'Team management' });
    await team.getByLabel('Team member e-mail').fill(member.email);
    await team.getByRole('button', { name: 'Invite' }).click();
    await expect(page.getByText(`We sent an invitation to ${member.email}.`)).toBeVisible();
    const row = team.getByTestId('team-member').filter({ hasText: member.email });
    await expect(row.getByText('Invited')).toBeVisible();
    await expect(page.getByTestId('plan-members')).toHaveText('Team members1 / 1');

    // The member registers from the e-mailed link and signs in.
    const memberPage = await (await browser.newContext()).newPage();
    await memberPage.goto('/dev/mailbox');
    await memberPage
      .getByRole('row')
      .filter({ hasText: member.email })
      .getByRole('link', { name: /invited you/ })
      .click();
    await memberPage.getByRole('link', { name: 'Create your account' }).click();
    await expect(memberPage).toHaveURL(/\/member_invitation\//);
    await memberPage.getByLabel('First name & Last name').fill(`${member.firstName} ${member.lastName}`);
    await memberPage.getByRole('textbox', { name: 'Password', exact: true }).fill(member.password);
    await memberPage.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(member.password);
    await memberPage.getByLabel('Location').fill('Manchester, United Kingdom');
    await memberPage.getByLabel('LinkedIn Url').fill('https://www.linkedin.com/in/morgan-lee');
    await memberPage.getByRole('button', { name: 'Sign Up' }).click();
    await expect(memberPage.getByText('Register Success!')).toBeVisible();
    await memberPage.getByRole('link', { name: 'Go to Login page' }).click();
    await signIn(memberPage, member);
    await expect(memberPage).toHaveURL(/\/account$/);

    // A team member reads the company, cannot edit it, has no signature card and no team panel.
    await expect(memberPage.getByRole('heading', { name: 'Morgan Lee' })).toBeVisible();
    const company = memberPage.getByRole('region', { name: 'My company' });
    await expect(company.getByText('Harbour Street Advisory LLP')).toBeVisible();
    await expect(company.getByRole('button', { name: 'Edit company' })).toBeDisabled();
    await expect(memberPage.getByRole('region', { name: 'Personal details' })).toBeVisible();
    await expect(memberPage.getByRole('region', { name: 'Signature' })).toHaveCount(0);
    await expect(memberPage.getByRole('region', { name: 'Team management' })).toHaveCount(0);
    await expect(memberPage.getByRole('region', { name: 'Get started' })).toHaveCount(0);

    // The owner sees them active, and removes them.
    await page.reload();
    const activeRow = team.getByTestId('team-member').filter({ hasText: member.email });
    await expect(activeRow.getByText('Active')).toBeVisible();
    await expect(activeRow.getByText('Morgan Lee')).toBeVisible();
    await activeRow.getByRole('button', { name: 'Remove Morgan Lee' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove team member' });
    await confirm.getByRole('button', { name: 'Remove member' }).click();
    await expect(page.getByText('Morgan Lee is no longer on your team.')).toBeVisible();
    await expect(activeRow).toHaveCount(0);

    // The removed member's next request is refused: they end up signing in again.
    await memberPage.reload();
    await expect(memberPage).toHaveURL(/\/login$/);
    await expect(memberPage.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await memberPage.context().close();
  });
});

test('personal details, photo and account deletion', async ({ page, request }) => {
  const user = await createActiveUser(request);
  await signInToAccount(page, user);

  // Personal details: Cancel restores the saved values; Save keeps the new ones.
  const details = page.getByRole('region', { name: 'Personal details' });
  await details.getByRole('button', { name: 'Edit personal details' }).click();
  await details.getByLabel('First name').fill('Changed');
  await details.getByRole('button', { name: 'Cancel' }).click();
  await expect(details.getByText(user.firstName, { exact: true })).toBeVisible();
  await details.getByRole('button', { name: 'Edit personal details' }).click();
  await expect(details.getByLabel('First name')).toHaveValue(user.firstName);
  const last = details.getByLabel('Last name');
  await last.fill('');
  await last.blur();
  await expect(details.getByText('Last name is required')).toBeVisible();
  await last.fill('Whitmore');
  await details.getByLabel('LinkedIn Url').fill('not a url');
  await details.getByLabel('LinkedIn Url').blur();
  await expect(details.getByText('Enter a valid URL')).toBeVisible();
  await details.getByLabel('LinkedIn Url').fill('https://www.linkedin.com/in/avery-whitmore');
  // The optional job title, which signing puts in the NDA's title fields.
  await details.getByLabel('Job title').fill('Managing Partner');
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your details are saved.')).toBeVisible();
  await expect(page.getByRole('heading', { name: `${user.firstName} Whitmore` })).toBeVisible();
  await expect(details.getByRole('link', { name: 'linkedin.com/in/avery-whitmore' })).toBeVisible();
  await expect(details.getByText('Managing Partner', { exact: true })).toBeVisible();

  // Photo: too large is refused before any upload; a PNG is previewed, saved and shown in the nav.
  await page.getByRole('button', { name: 'Upload Photo' }).click();
  const picture = page.getByRole('dialog', { name: 'Change picture' });
  const input = picture.locator('input[type=file]');
  await input.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([pngOf(8, 8), Buffer.alloc(2 * 1024 * 1024)]),
  });
  await expect(picture.getByText(IMAGE_TOO_LARGE)).toBeVisible();
  await expect(picture.getByRole('button', { name: 'Save photo' })).toBeDisabled();
  await input.setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: pngOf(64, 64) });
  await expect(picture.getByText('is ready. Save to use it as your photo.')).toBeVisible();
  await expect(picture.getByRole('img', { name: 'New photo preview' })).toBeVisible();
  await picture.getByRole('button', { name: 'Save photo' }).click();
  await expect(page.getByText('Your photo is updated.')).toBeVisible();
  // The photo is decorative there: the button is named by the user's name and what it opens.
  const navPhoto = page.getByRole('button', { name: 'Profile menu' }).locator('img');
  await expect(navPhoto).toBeVisible();
  await expect(navPhoto).toHaveAttribute('src', /^blob:/);

  // Deletion: a wrong password is answered under the field; the right one signs out to /login.
  await page.getByRole('region', { name: 'Delete account' }).getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete account' });
  const password = dialog.getByLabel('Password', { exact: true });
  await password.focus();
  await password.blur();
  await expect(dialog.getByText('Please enter your password')).toBeVisible();
  await password.fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Incorrect password.')).toBeVisible();
  await password.fill(user.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Your account has been deleted.', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);

  // The account is gone: signing in again is refused.
  await signIn(page, user);
  await expect(page.getByTestId('login-error')).toBeVisible();
});

test('the account page appears whole: nothing moves under the pointer as its panels load', async ({
  page,
  request,
}) => {
  const owner = await createActiveUser(request);
  // At the moment the notification switches first appear, the panels above them (the onboarding
  // checklist, the company's details) are already filled in, so nothing later pushes them down.
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      if (!document.querySelector('[role="switch"]')) return;
      seen.disconnect();
      const w = window as unknown as { layoutAtFirstSwitch: { onboarding: boolean; company: string } };
      w.layoutAtFirstSwitch = {
        onboarding: !!document.getElementById('onboarding'),
        company: document.getElementById('company')?.textContent ?? '',
      };
    });
    seen.observe(document, { childList: true, subtree: true });
  });
  await signInToAccount(page, owner);
  await expect(page.getByRole('switch', { name: 'E-mail me about negotiation activity' })).toBeChecked();
  const layout = await page.evaluate(
    () => (window as unknown as { layoutAtFirstSwitch: { onboarding: boolean; company: string } }).layoutAtFirstSwitch,
  );
  expect(layout.onboarding).toBe(true);
  expect(layout.company).toContain('Harbour Street Advisory');
});

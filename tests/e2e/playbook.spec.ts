import fs from 'node:fs';
import { expect, test } from './fixtures';
import {
  api,
  createActiveUser,
  expectNoSeriousA11yViolations,
  LIVE,
  login,
  MUTUAL_NDA,
  newSignedInPage,
  upload,
} from './support';

// A template's playbook, written clause by clause from the templates page: the positions a project
// made from the template starts with.

test('the adviser writes a template’s playbook clause by clause from the templates page', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const adviser = await createActiveUser(request);
  const session = await login(request, adviser);
  const template = await upload<{ id: number }>(request, session, 'POST', '/projects/nda_templates/', {
    name: 'Mutual NDA template',
    file: { name: 'mutual-nda.pdf', mimeType: 'application/pdf', buffer: fs.readFileSync(MUTUAL_NDA) },
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await newSignedInPage(context, adviser, '/templates');
  await page.getByRole('button', { name: 'Open template Mutual NDA template' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Playbook' }).click();
  await expect(page).toHaveURL(new RegExp(`/templates/${template.id}/playbook$`));
  await expect(page.getByRole('heading', { name: 'Playbook of Mutual NDA template' })).toBeVisible();

  const law = page.getByTestId('playbook-clause').filter({ hasText: '§ 9 Governing Law and Jurisdiction' });
  await expect(law).toContainText('No playbook position yet.', LIVE);
  await expectNoSeriousA11yViolations(page);
  await law.getByRole('button', { name: 'Add to playbook: § 9 Governing Law and Jurisdiction' }).click();
  const dialog = page.getByRole('dialog', { name: 'Playbook: § 9 Governing Law and Jurisdiction' });
  await dialog.getByLabel('Preferred wording').fill('The laws of England and Wales; the courts of London.');
  await dialog
    .getByLabel('Fallback wordings, in order (one a line)')
    .fill('The laws of New York; the courts of New York.\nThe laws of Delaware.');
  await dialog.getByLabel('Walk-away note').fill('Never a jurisdiction where the bidder is based.');
  await dialog.getByRole('button', { name: 'Save playbook' }).click();
  await expect(dialog).toBeHidden(LIVE);
  const entry = law.getByTestId('playbook-entry');
  await expect(entry).toContainText('Preferred: The laws of England and Wales; the courts of London.');
  await expect(entry).toContainText(
    'Fallbacks: 1. The laws of New York; the courts of New York.  2. The laws of Delaware.',
  );
  await expect(law.getByRole('button', { name: 'Edit playbook: § 9 Governing Law and Jurisdiction' })).toBeVisible();

  const saved = await api<{
    clauses: Array<{ key: string; preferred: string; fallbacks: string[]; walkAway: string }>;
  }>(request, session, 'GET', `/projects/nda_templates/${template.id}/playbook/`);
  expect(saved.clauses).toEqual([
    {
      key: 's9',
      preferred: 'The laws of England and Wales; the courts of London.',
      fallbacks: ['The laws of New York; the courts of New York.', 'The laws of Delaware.'],
      walkAway: 'Never a jurisdiction where the bidder is based.',
      guidance: '',
    },
  ]);
  await page.reload();
  await expect(law.getByTestId('playbook-entry')).toContainText('Preferred: The laws of England', LIVE);
  await context.close();
});

import fs from 'node:fs';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './support';

// The public verify page (/verify): no sign-in, a drop zone, an answer in plain words.

test('a visitor checks a PDF we did not issue and is told so in plain words', async ({ page }) => {
  await page.goto('/verify');
  await expect(page.getByRole('heading', { level: 1, name: 'Verify a signed NDA' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const pdf = fs.readFileSync(new URL('../fixtures/pdfs/normal.pdf', import.meta.url));
  await page.getByTestId('verify-file').setInputFiles({ name: 'copy.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByText('We did not issue this exact file')).toBeVisible();
  await expect(page.getByText('The file carries no digital signature.')).toBeVisible();
  await expect(page.getByText('Checked: copy.pdf')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

import fs from 'node:fs';
import { type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { SIGNATURE_PAGE_HEADING } from '@server/services/signing/signature-page';
import { pdfPagesText } from '../support/pdf-tools';
import { pdfWords, type Word, type WordPage } from '../support/pdf-words';
import { expect, test } from './fixtures';
import {
  api,
  confirmSigning,
  createActiveUser,
  expectNoSeriousA11yViolations,
  LIVE,
  login,
  MUTUAL_NDA,
  ndaPath,
  newSignedInPage,
  newUser,
  openNda,
  projectWithNda,
  registerBuyer,
  type Session,
  type TestUser,
  upload,
} from './support';

// Signature fields drawn once, on the project NDA, for every group. The adviser draws them in the
// viewer of the project NDA; two groups of bidders from different companies receive copies that follow
// the project NDA. The first signs while the sending side signs automatically; the project then asks
// for a countersignature by hand, the second bidder signs and the adviser countersigns. Each signed
// file has the bidder's and the adviser's entries inside the boxes drawn, and every page its number.

type Party = 'Sender' | 'Recipient';
type Kind = 'Signature' | 'Name' | 'Company' | 'Date' | 'Address';
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where the fields go on page 2 of the mutual NDA (US Letter, 612 × 792 points): its cover-page table,
 * Party 1 (the seller's side) from 238 points across, Party 2 (the bidder) from 373, one row each.
 */
const ROWS: Record<Kind, { y: number; height: number }> = {
  Signature: { y: 129.5 / 792, height: 14.5 / 792 },
  Name: { y: 147.3 / 792, height: 14.3 / 792 },
  Company: { y: 182.6 / 792, height: 14 / 792 },
  Address: { y: 200.2 / 792, height: 14 / 792 },
  Date: { y: 217.8 / 792, height: 14 / 792 },
};
const COLUMNS: Record<Party, { x: number; width: number }> = {
  Sender: { x: 239 / 612, width: 126 / 612 },
  Recipient: { x: 374 / 612, width: 95 / 612 },
};
const KINDS: Kind[] = ['Signature', 'Name', 'Company', 'Address', 'Date'];
const boxOf = (party: Party, kind: Kind): Box => ({ ...COLUMNS[party], ...ROWS[kind] });

/** Picks a value of one of the fields panel's selects, unless it is chosen already. */
async function choose(page: Page, label: 'Party' | 'Kind', value: string): Promise<void> {
  const select = page.getByRole('combobox', { name: label, exact: true });
  if ((await select.inputValue()) === value) return;
  await select.click();
  await page.getByRole('option', { name: value, exact: true }).click();
  await expect(select).toHaveValue(value);
}

/** Draws a field with the mouse, from its top-left corner to its bottom-right one, then lets it go. */
async function drawField(page: Page, party: Party, kind: Kind, box: Box): Promise<void> {
  await choose(page, 'Party', party);
  await choose(page, 'Kind', kind);
  const items = page.getByTestId('signature-field-item');
  const before = await items.count();
  const overlay = page.getByTestId('page-overlay');
  await overlay.scrollIntoViewIfNeeded();
  const at = (await overlay.boundingBox())!;
  await page.mouse.move(at.x + at.width * box.x, at.y + at.height * box.y);
  await page.mouse.down();
  await page.mouse.move(at.x + at.width * (box.x + box.width / 2), at.y + at.height * (box.y + box.height / 2), {
    steps: 4,
  });
  await page.mouse.move(at.x + at.width * (box.x + box.width), at.y + at.height * (box.y + box.height), {
    steps: 4,
  });
  await page.mouse.up();
  await expect(items).toHaveCount(before + 1);
  await expect(items.nth(before)).toContainText(`${party} · ${kind}, page 2`);
  // Let go of the new field, so the next drag draws rather than pulls its handles.
  await page.keyboard.press('Escape');
  await expect(items.nth(before).getByRole('button').first()).toHaveAttribute('aria-pressed', 'false');
}

/** A group of the project with one bidder, following the project NDA, sent to them. */
async function sentGroup(
  request: APIRequestContext,
  adviser: Session,
  projectId: number,
  name: string,
  bidder: TestUser,
): Promise<{ projectId: number; branchId: number; ndaId: number }> {
  const { users } = await api<{ users: number[] }>(request, adviser, 'POST', '/projects/contacts/resolve/', {
    recipients: [{ email: bidder.email, first_name: bidder.firstName, last_name: bidder.lastName }],
  });
  const contacts = await api<{ id: number }>(request, adviser, 'POST', '/projects/signers_group/', {
    name: `${name} bidders`,
    users,
  });
  const branch = await api<{ id: number }>(request, adviser, 'POST', '/projects/project_branches/', {
    name,
    project: projectId,
    signer_groups: [contacts.id],
    allow_comments: true,
    send_teaser: false,
    inherit_nda_from_project: true,
  });
  await api(request, adviser, 'POST', `/projects/dashboard/${branch.id}/send_nda_to_all_signers/`, {
    subject: 'Project Falcon: NDA for your review',
    note: 'Please review the NDA.',
  });
  const ndas = await api<{ results: Array<{ id: number }> }>(
    request,
    adviser,
    'GET',
    `/projects/nda/?project_branch=${branch.id}&limit=-1`,
  );
  return { projectId, branchId: branch.id, ndaId: ndas.results[0]!.id };
}

/** The bidder, on their NDA page, gives their company's address and a signature, and signs after the confirmation. */
async function signAsBidder(page: Page): Promise<void> {
  const signing = page.getByTestId('signing-panel');
  await signing.getByLabel('Company address').fill('200 Clarendon Street, Boston MA 02116');
  await signing.getByRole('button', { name: 'add signature before signing' }).click();
  const modal = page.getByRole('dialog', { name: 'Add signature' });
  await modal.getByRole('tab', { name: 'Type' }).click();
  await modal.getByRole('button', { name: 'Save signature' }).click();
  await expect(modal).toBeHidden(LIVE);
  await signing.getByRole('button', { name: 'Sign NDA' }).click();
  await confirmSigning(page);
}

/** The signed PDF of an NDA, as its sending team downloads it. */
async function signedPdf(request: APIRequestContext, session: Session, ndaId: number): Promise<Buffer> {
  const response = await request.get(`/api/v1/projects/nda/${ndaId}/get_nda_pdf/`, {
    headers: { Authorization: `Bearer ${session.access}` },
  });
  expect(response.ok()).toBeTruthy();
  return response.body();
}

/** The words of `page` whose box lies inside the field's box (fractions of the original page), within a point. */
function wordsIn(page: WordPage, original: { width: number; height: number }, field: Box): string {
  const left = field.x * original.width - 1;
  const top = field.y * original.height - 1;
  const right = (field.x + field.width) * original.width + 1;
  const bottom = (field.y + field.height) * original.height + 1;
  const inside = (w: Word) => w.xMin >= left && w.xMax <= right && w.yMin >= top && w.yMax <= bottom;
  return page.words
    .filter(inside)
    .map((w) => w.text)
    .join(' ');
}

interface SavedField extends Box {
  party: 'sender' | 'recipient';
  kind: string;
  page: number;
}

function expectFilledInPlace(
  pdf: Buffer,
  fields: SavedField[],
  expected: { bidderName: string; bidderCompany: string; adviserName: string },
): void {
  const original = pdfWords(fs.readFileSync(MUTUAL_NDA))[1]!;
  const page2 = pdfWords(pdf)[1]!;
  const field = (party: SavedField['party'], kind: string) => fields.find((f) => f.party === party && f.kind === kind)!;
  expect(wordsIn(page2, original, field('recipient', 'name'))).toBe(expected.bidderName);
  expect(wordsIn(page2, original, field('recipient', 'company'))).toBe(expected.bidderCompany);
  expect(wordsIn(page2, original, field('recipient', 'address'))).toContain('Clarendon');
  expect(wordsIn(page2, original, field('sender', 'name'))).toBe(expected.adviserName);
  expect(wordsIn(page2, original, field('sender', 'company'))).toContain('Falcon');
  expect(wordsIn(page2, original, field('sender', 'address'))).toContain('Quay');
  expect(wordsIn(page2, original, field('recipient', 'date'))).toMatch(/\d{4}/);
}

function expectNumberedPages(pdf: Buffer, ndaId: number): string[] {
  const pages = pdfPagesText(pdf, { layout: true }).filter(Boolean);
  pages.forEach((text, i) =>
    expect(text, `page ${i + 1}`).toContain(`Document NDA-${ndaId} · page ${i + 1} of ${pages.length}`),
  );
  return pages;
}

test('fields drawn on the project NDA fill every group’s signed NDA, signed automatically, then countersigned by hand', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(600_000);
  const adviser = await createActiveUser(request);
  const session = await login(request, adviser);
  const { projectId, ndaId: projectNdaId } = await projectWithNda(request, session, 'Project Falcon');
  await api(request, session, 'PATCH', `/projects/projects/${projectId}/`, {
    disclosing_party_name: 'Falcon Holdings Limited',
    disclosing_party_address: '1 Quay Street, Bristol BS1 4DJ',
  });
  const contexts: BrowserContext[] = [];
  const context = async () => {
    const made = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(made);
    return made;
  };

  // The adviser opens the project NDA's fields from the project page and draws them on page 2.
  const adviserPage = await newSignedInPage(await context(), adviser, `/projects/${projectId}`);
  await adviserPage.getByTestId('project-nda-card').getByRole('link', { name: 'Signature fields' }).click();
  await expect(adviserPage).toHaveURL(new RegExp(`/projects/${projectId}/nda/fields$`));
  await expect(adviserPage.getByTestId('page-indicator')).toHaveText('1 / 4', LIVE);
  await expect(adviserPage.getByTestId('page-overlay')).toBeVisible(LIVE);
  await expect(
    adviserPage.getByText('No fields: the signatures go on a signature page added after the NDA.'),
  ).toBeVisible();
  await adviserPage.getByRole('button', { name: 'Next' }).click();
  await expect(adviserPage.getByTestId('page-indicator')).toHaveText('2 / 4');
  await expect(adviserPage.getByTestId('page-overlay')).toHaveAttribute('data-page', '2');
  await adviserPage.getByRole('button', { name: 'Place signature fields' }).click();
  for (const party of ['Sender', 'Recipient'] as const)
    for (const kind of KINDS) await drawField(adviserPage, party, kind, boxOf(party, kind));
  // The table's signature row is lower than a legible signature needs: the adviser is told.
  const warnings = adviserPage.getByTestId('signature-field-warning');
  await expect(warnings).toHaveCount(2);
  await expect(warnings.first()).toContainText('too small for a legible signature');
  await expectNoSeriousA11yViolations(adviserPage);
  await adviserPage.getByRole('button', { name: 'Save fields' }).click();
  await expect(adviserPage.getByRole('button', { name: 'Place signature fields' })).toBeVisible(LIVE);
  await expect(adviserPage.getByTestId('signature-field-item')).toHaveCount(10);

  // Two groups of bidders from different companies receive copies that follow the project NDA.
  const kestrel = { ...newUser(), firstName: 'James', lastName: 'Whitfield' };
  const osprey = { ...newUser(), firstName: 'Nadia', lastName: 'Osei' };
  const groupA = await sentGroup(request, session, projectId, 'Kestrel (first round)', kestrel);
  const groupB = await sentGroup(request, session, projectId, 'Osprey (reserve bidder)', osprey);
  const projectFields = await api<{ fields: SavedField[] }>(
    request,
    session,
    'GET',
    `/projects/nda/${projectNdaId}/signature_fields/`,
  );
  expect(projectFields.fields).toHaveLength(10);

  // The adviser sees them on the first group's NDA page.
  await adviserPage.goto(ndaPath(groupA));
  await expect(adviserPage.getByTestId('page-indicator')).toHaveText('1 / 4', LIVE);
  await expect(adviserPage.getByTestId('signature-field-item')).toHaveCount(10, LIVE);

  // Automatic countersignature: the first bidder signs and the NDA is signed at once.
  const kestrelPage = await registerBuyer(request, await context(), kestrel, groupA, {
    companyName: 'Kestrel Partners LLP',
  });
  await expect(kestrelPage.getByTestId('signature-field-item')).toHaveCount(10, LIVE);
  await signAsBidder(kestrelPage);
  await expect(kestrelPage.getByTestId('signing-panel').getByTestId('signing-status')).toHaveText('Completed', {
    timeout: 90_000,
  });

  // The adviser asks for a countersignature by hand from the project's details.
  await adviserPage.goto(`/projects/${projectId}`);
  await adviserPage.getByRole('button', { name: 'Manage project' }).click();
  await adviserPage.getByRole('menuitem', { name: /Edit project details/ }).click();
  const details = adviserPage.getByRole('dialog', { name: 'Edit project details' });
  await details.getByRole('radio', { name: /By an authorised signatory/ }).check();
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details).toBeHidden(LIVE);
  await expect
    .poll(
      async () =>
        (await api<{ countersignature: string }>(request, session, 'GET', `/projects/projects/${projectId}/`))
          .countersignature,
    )
    .toBe('manual');

  // Countersignature by hand: the second bidder signs, the NDA awaits the adviser, who countersigns.
  const ospreyPage = await registerBuyer(request, await context(), osprey, groupB, {
    companyName: 'Osprey Capital Ltd',
  });
  await signAsBidder(ospreyPage);
  const awaiting = 'Signed by the bidder, awaiting countersignature';
  const ospreyStatus = ospreyPage.getByTestId('signing-panel').getByTestId('signing-status');
  await expect(ospreyStatus).toHaveText(awaiting, { timeout: 90_000 });
  // The adviser opens the NDA page: the document shown is their first opening, which countersigning needs.
  await openNda(adviserPage, groupB);
  const adviserSigning = adviserPage.getByTestId('signing-panel');
  await expect(adviserSigning.getByTestId('signing-status')).toHaveText(awaiting, LIVE);
  await adviserSigning.getByRole('button', { name: 'Countersign NDA' }).click();
  await confirmSigning(adviserPage, 'Countersign');
  await expect(adviserSigning.getByTestId('signing-status')).toHaveText('Completed', { timeout: 90_000 });
  await expect(ospreyStatus).toHaveText('Completed', LIVE);

  // Each signed file: the entries inside the boxes drawn, every page numbered over the whole file.
  const adviserName = `${adviser.firstName} ${adviser.lastName}`;
  for (const [group, bidder, company] of [
    [groupA, kestrel, 'Kestrel Partners LLP'],
    [groupB, osprey, 'Osprey Capital Ltd'],
  ] as const) {
    const pdf = await signedPdf(request, session, group.ndaId);
    const file = testInfo.outputPath(`signed-nda-${group.ndaId}.pdf`);
    fs.writeFileSync(file, pdf);
    await testInfo.attach(`signed NDA of ${company}`, { path: file, contentType: 'application/pdf' });
    const { fields } = await api<{ fields: SavedField[] }>(
      request,
      session,
      'GET',
      `/projects/nda/${group.ndaId}/signature_fields/`,
    );
    expect(fields).toEqual(projectFields.fields);
    expectFilledInPlace(pdf, fields, {
      bidderName: `${bidder.firstName} ${bidder.lastName}`,
      bidderCompany: company,
      adviserName,
    });
    // The four pages of the NDA, the agreed amendments and the certificate (one page or more): no
    // signature page is added.
    const pages = expectNumberedPages(pdf, group.ndaId);
    expect(pages.length).toBeGreaterThanOrEqual(6);
    expect(pages.join('\n')).not.toContain(SIGNATURE_PAGE_HEADING);
  }
  for (const made of contexts) await made.close();
});

test('the adviser draws a template’s signature fields from the templates page, and is warned of a box too small', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const adviser = await createActiveUser(request);
  const session = await login(request, adviser);
  const template = await upload<{ id: number }>(request, session, 'POST', '/projects/nda_templates/', {
    name: 'Mutual NDA template',
    file: { name: 'mutual-nda.pdf', mimeType: 'application/pdf', buffer: fs.readFileSync(MUTUAL_NDA) },
  });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await newSignedInPage(context, adviser, '/templates');
  await page.getByRole('button', { name: 'Open template Mutual NDA template' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Signature fields' }).click();
  await expect(page).toHaveURL(new RegExp(`/templates/${template.id}/fields$`));
  await expect(page.getByRole('heading', { name: 'Signature fields of Mutual NDA template' })).toBeVisible();
  await expect(page.getByTestId('page-indicator')).toHaveText('1 / 4', LIVE);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('page-overlay')).toHaveAttribute('data-page', '2');
  await page.getByRole('button', { name: 'Place signature fields' }).click();

  // A name box a few points high: too small for text of 7 points.
  await drawField(page, 'Recipient', 'Name', { x: 374 / 612, y: 150 / 792, width: 95 / 612, height: 9 / 792 });
  const warning = page.getByTestId('signature-field-warning');
  await expect(warning).toHaveText(/too small for text of 7 points/);
  // Made taller from the keyboard (Shift with the arrows resizes the selected field), the warning goes.
  await page.getByRole('button', { name: 'Recipient · Name, page 2', exact: true }).click();
  await page.keyboard.press('Shift+ArrowDown');
  await expect(warning).toHaveCount(0);
  await drawField(page, 'Recipient', 'Signature', { x: 374 / 612, y: 100 / 792, width: 100 / 612, height: 30 / 792 });
  await expect(warning).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Save fields' }).click();
  await expect(page.getByRole('button', { name: 'Place signature fields' })).toBeVisible(LIVE);

  const saved = await api<{ fields: SavedField[] }>(
    request,
    session,
    'GET',
    `/projects/nda_templates/${template.id}/signature_fields/`,
  );
  expect(saved.fields.map((f) => [f.party, f.kind, f.page])).toEqual([
    ['recipient', 'name', 2],
    ['recipient', 'signature', 2],
  ]);
  expect(saved.fields[0]!.y).toBeCloseTo(150 / 792, 2);
  expect(saved.fields[0]!.height * 792).toBeGreaterThanOrEqual(11);
  await page.reload();
  await expect(page.getByTestId('signature-field-item')).toHaveCount(2, LIVE);
  await context.close();
});

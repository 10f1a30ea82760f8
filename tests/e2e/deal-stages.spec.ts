import fs from 'node:fs';
import { pdfPagesText } from '../support/pdf-tools';
import { expect, test } from './fixtures';
import {
  addGroup,
  adviserWithDeal,
  api,
  expectNoSeriousA11yViolations,
  LIVE,
  MUTUAL_NDA,
  newSignedInPage,
  newUser,
  registerBuyer,
  signAsRecipient,
  upload,
  viewDocument,
} from './support';

// The deal's stages with two bidders: a management presentation goes out on signature. Northwind signs
// and it appears on their open page at once, stamped with their e-mail on every page; Contoso, not
// signed, never sees it. The adviser's open tracker shows who read what, and the feed says so.

const NOTHING_YET = 'The sender has not released any documents to you yet.';

test('a document released on signature reaches the bidder who signs, stamped for them, and the adviser sees who read it', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const { adviser, session, buyer, deal } = await adviserWithDeal(request, { send: true });
  const second = { ...newUser(), firstName: 'Cal', lastName: 'Contoso' };
  const contoso = await addGroup(request, session, {
    projectId: deal.projectId,
    name: 'Contoso Partners',
    contactsName: 'Contoso bidders',
    recipient: { email: second.email, firstName: second.firstName, lastName: second.lastName },
    pdf: fs.readFileSync(MUTUAL_NDA),
    ndaName: 'Mutual NDA',
  });
  await api(request, session, 'POST', `/projects/dashboard/${contoso.branchId}/send_nda_to_all_signers/`, {
    subject: 'Project Falcon: NDA for your review',
    note: 'Please review the mutual NDA.',
  });
  await upload(request, session, 'POST', `/projects/projects/${deal.projectId}/documents/`, {
    title: 'Management presentation',
    release: 'signed',
    file: { name: 'presentation.pdf', mimeType: 'application/pdf', buffer: fs.readFileSync(MUTUAL_NDA) },
  });

  // Both bidders wait on their project page: nothing is theirs yet.
  const northContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const northPage = await registerBuyer(request, northContext, buyer, deal);
  await northPage.goto(`/projects/${deal.projectId}`);
  const northDocuments = northPage.getByTestId('bidder-documents');
  await expect(northDocuments).toContainText(NOTHING_YET, LIVE);
  const contosoContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const contosoPage = await registerBuyer(
    request,
    contosoContext,
    second,
    { projectId: deal.projectId, branchId: contoso.branchId },
    { companyName: 'Contoso Partners LLP' },
  );
  await contosoPage.goto(`/projects/${deal.projectId}`);
  const contosoDocuments = contosoPage.getByTestId('bidder-documents');
  await expect(contosoDocuments).toContainText(NOTHING_YET, LIVE);

  const adviserContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const adviserPage = await newSignedInPage(adviserContext, adviser, `/projects/${deal.projectId}`);
  const northGroup = adviserPage.getByTestId('tracker-group').filter({ hasText: 'Northwind Capital' });
  await expect(northGroup.getByTestId('group-engagement')).toBeVisible(LIVE);

  // Northwind signs (through the API, as the signing form sends it; signing in the browser has its
  // own journeys): the presentation reaches their open page, with its release time.
  await signAsRecipient(request, buyer, deal);
  const doc = northDocuments.getByTestId('bidder-document').filter({ hasText: 'Management presentation' });
  await expect(doc).toBeVisible(LIVE);
  await expect(doc).toContainText(/Released \d{2}\.\d{2}\.\d{4}/);

  // What Northwind's viewer opens carries their e-mail on every page.
  const stamped = await viewDocument(
    northPage,
    () => doc.getByRole('button', { name: 'View Management presentation' }).click(),
    'Management presentation',
  );
  const pages = pdfPagesText(stamped);
  expect(pages.length).toBeGreaterThan(1);
  for (const text of pages) expect(text).toContain(buyer.email);
  await expectNoSeriousA11yViolations(northPage);

  // The adviser's open tracker shows Northwind's reading, and the feed names them and the document.
  await expect(northGroup.getByTestId('group-engagement')).toContainText(
    /Last seen .* · [12] documents? opened · [1-9]\d* pages? read/,
    { timeout: 60_000 },
  );
  await expect(
    adviserPage
      .getByTestId('activity-group')
      .filter({ hasText: 'Northwind Capital LLP opened the Management presentation' }),
  ).toBeVisible(LIVE);
  await expectNoSeriousA11yViolations(adviserPage);

  // Contoso has not signed: still nothing on their page, after a reload too.
  await expect(contosoDocuments).toContainText(NOTHING_YET);
  await contosoPage.reload();
  await expect(contosoPage.getByTestId('bidder-documents')).toContainText(NOTHING_YET, LIVE);
  await expect(contosoPage.locator('body')).not.toContainText('Management presentation');

  await northContext.close();
  await contosoContext.close();
  await adviserContext.close();
});

import { expect, test } from './fixtures';
import { adviserWithDeal, api, confirmSigning, LIVE, openNda, openNdaSignedIn, registerBuyer } from './support';

// Countersignature by hand: the project has an authorised signatory countersign. The buyer signs after
// the confirmation and its consent; the NDA then awaits the countersignature on both sides, live; the
// adviser countersigns from the NDA page after the same confirmation, and only then is it signed.

test('the buyer signs, the NDA awaits countersignature, the adviser countersigns and it is signed', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { adviser, session, buyer, deal } = await adviserWithDeal(request, { send: true });
  await api(request, session, 'PATCH', `/projects/projects/${deal.projectId}/`, {
    countersignature: 'manual',
    disclosing_party_name: 'Falcon Holdings Limited',
    disclosing_party_address: '1 Quay Street, Bristol BS1 4DJ',
  });

  const buyerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const buyerPage = await registerBuyer(request, buyerContext, buyer, deal);
  await openNda(buyerPage, deal);
  const signing = buyerPage.getByTestId('signing-panel');
  await signing.getByLabel('Company address').fill('200 Clarendon Street, Boston MA 02116');
  await signing.getByRole('button', { name: 'add signature before signing' }).click();
  const modal = buyerPage.getByRole('dialog', { name: 'Add signature' });
  await modal.getByRole('tab', { name: 'Type' }).click();
  await modal.getByRole('button', { name: 'Save signature' }).click();
  await expect(modal).toBeHidden(LIVE);
  await signing.getByRole('button', { name: 'Sign NDA' }).click();
  const confirmation = buyerPage.getByRole('dialog', { name: 'Sign this NDA' });
  await expect(confirmation).toContainText('Falcon Holdings Limited, by');
  await expect(confirmation).toContainText('as agent');
  await confirmSigning(buyerPage);
  const awaiting = 'Signed by the bidder, awaiting countersignature';
  await expect(signing.getByTestId('signing-status')).toHaveText(awaiting, { timeout: 60_000 });
  await expect(signing.getByTestId('countersign-notice')).toContainText('The sending side countersigns it next');

  const adviserContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const adviserPage = await openNdaSignedIn(adviserContext, adviser, deal);
  const adviserSigning = adviserPage.getByTestId('signing-panel');
  await expect(adviserSigning.getByTestId('signing-status')).toHaveText(awaiting, LIVE);
  await adviserSigning.getByRole('button', { name: 'Countersign NDA' }).click();
  await confirmSigning(adviserPage, 'Countersign');
  await expect(adviserSigning.getByTestId('signing-status')).toHaveText('Completed', { timeout: 60_000 });
  await expect(adviserSigning.getByRole('button', { name: 'Download signed PDF' })).toBeVisible();
  // The buyer's page follows live.
  await expect(signing.getByTestId('signing-status')).toHaveText('Completed', LIVE);
  await buyerContext.close();
  await adviserContext.close();
});

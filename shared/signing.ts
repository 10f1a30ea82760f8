/** Messages of the signing flow. */
export const SIGNING_MESSAGES = {
  addSignature: 'add signature before signing',
  companyDetails: 'Add your company name and address before signing.',
  titleRequired: 'Enter your title: this NDA has a place for it in its signature table.',
  senderSignature: 'The sending company has not added its signature yet. Please contact the sender.',
  recalled: 'This NDA has been recalled and cannot be signed.',
  passed: 'You have passed on this opportunity.',
  groupPassed: 'Your group has passed on this opportunity: the NDA can no longer be signed.',
  alreadySigned: 'This NDA is already signed.',
  previewGroupOnly: 'Only the NDA of a group is signed: preview the NDA of one of the project’s groups.',
  previewSigned: 'This NDA is signed: its signed PDF is the final document.',
  signatureTooLarge: 'Your saved signature image is too large. Please save your signature again.',
  buildFailed: 'The signed PDF could not be produced in time. Please try again later.',
  consentRequired: 'Tick the box to agree to sign electronically.',
  notOpened: 'Open the NDA before you sign it.',
  sealPending: 'The signed NDA is waiting for its trusted timestamp; it can be downloaded once it is sealed.',
} as const;

/** The sentence a signatory ticks before signing, as the confirmation shows it and the certificate records it. */
export const CONSENT_STATEMENT =
  'I agree to sign this NDA electronically, and that my electronic signature binds me as my handwritten signature would.';

/** Signing refused while threads are open; the count is in the message. */
export function openThreadsMessage(count: number): string {
  return count === 1
    ? '1 comment thread is still open: both parties must approve it, or both reject it, before the NDA can be signed.'
    : `${count} comment threads are still open: both parties must approve, or both reject, each of them before the NDA can be signed.`;
}

/** Messages of the sending side's countersignature. */
export const COUNTERSIGN_MESSAGES = {
  nothingAwaits:
    'Nothing awaits a countersignature: the bidder has not signed this NDA, or it is recalled or already executed.',
} as const;

/**
 * The disclosing side as the confirmation names it: the seller or client the project names (signed for
 * by the sending company as its agent, when it says so), else the sending company itself.
 */
export function disclosingPartyLine(
  project: { disclosingPartyName: string; signsAsAgent: boolean },
  sendingCompany: string,
): string {
  const principal = project.disclosingPartyName.trim();
  if (!principal) return sendingCompany;
  return project.signsAsAgent ? `${principal}, by ${sendingCompany} as agent` : principal;
}

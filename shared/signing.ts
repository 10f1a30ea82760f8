/** Messages of the signing flow. */
export const SIGNING_MESSAGES = {
  addSignature: 'add signature before signing',
  companyDetails: 'Add your company name and address before signing.',
  senderSignature: 'The sending company has not added its signature yet. Please contact the sender.',
  recalled: 'This NDA has been recalled and cannot be signed.',
  passed: 'You have passed on this opportunity.',
  alreadySigned: 'This NDA is already signed.',
} as const;

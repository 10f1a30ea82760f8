/** NDA lifecycle predicates (spec 2, section 4): the server enforces them, the client shows controls by them. */
export interface NdaState {
  isSent: boolean;
  isRecalled: boolean;
  isSigned: boolean;
  /** The bidder signed and the sending side's countersignature is pending (manual countersignature). */
  recipientSignedAt?: Date | string | null;
}

/** Signed by the bidder, awaiting the sending side's countersignature: negotiation is over, recall still possible. */
export const awaitsCountersignature = (
  nda: Pick<NdaState, 'isRecalled' | 'isSigned' | 'recipientSignedAt'> | null,
): boolean => !!nda && !!nda.recipientSignedAt && !nda.isSigned && !nda.isRecalled;

/** Recalled or signed: nothing more happens on it (no thread, comment, sending or signature). */
export const isClosed = (nda: Pick<NdaState, 'isRecalled' | 'isSigned'>): boolean => nda.isRecalled || nda.isSigned;
/** Never sent, not recalled, not signed: still with the sender only. */
export const isDraft = (nda: NdaState): boolean => !nda.isSent && !isClosed(nda);
/** Sent and neither recalled nor signed: with its recipients, waiting for a signature. */
export const isOutForSignature = (nda: NdaState | null): boolean => !!nda && nda.isSent && !isClosed(nda);

export const canRecall = (nda: NdaState | null): boolean => !!nda && !isClosed(nda);
export const canResend = (nda: NdaState | null): boolean => !!nda && isDraft(nda);
/** One recipient may be sent the NDA (again) while it is not recalled or signed, sent to the group or not. */
export const canSendToRecipient = (nda: NdaState | null): boolean => !!nda && !isClosed(nda);
/** A group may be sent its NDA as a whole: its own NDA by the resend rule, or, with none yet, the project's it inherits. */
export const canSendGroup = (group: { nda: NdaState | null; inheritNdaFromProject: boolean }): boolean =>
  group.nda ? canResend(group.nda) : group.inheritNdaFromProject;
export const canDelete = (nda: NdaState | null): boolean => !!nda && nda.isRecalled && !nda.isSigned;
export const canUpload = (nda: NdaState | null): boolean => !nda;
export const isCommentable = (nda: Pick<NdaState, 'isRecalled' | 'isSigned' | 'recipientSignedAt'> | null): boolean =>
  !!nda && !isClosed(nda) && !nda.recipientSignedAt;
/** Out for signature and not yet signed by the bidder's side. */
export const canBeSigned = (nda: NdaState | null): boolean => isOutForSignature(nda) && !awaitsCountersignature(nda);
/** A recalled NDA that is not signed may be put back as it was (event nda_restored). */
export const canRestore = (nda: NdaState | null): boolean => !!nda && nda.isRecalled && !nda.isSigned;
/** The document may be replaced while no recipient holds it (not sent, or recalled) and it is not signed. */
export const canReplaceDocument = (nda: NdaState | null): boolean =>
  !!nda && (!nda.isSent || nda.isRecalled) && !nda.isSigned;
/** Signature fields may be placed and moved until the NDA is signed, by either side (a sent or recalled one too). */
export const canPlaceSignatureFields = (
  nda: Pick<NdaState, 'isSigned' | 'isRecalled' | 'recipientSignedAt'> | null,
): boolean => !!nda && !nda.isSigned && !awaitsCountersignature(nda);
/** A signed NDA is final: no rename, no new document. */
export const canRename = (nda: NdaState | null): boolean => !!nda && !nda.isSigned;

export type SigningLabel =
  'Rejected' | 'Completed' | 'Pending' | 'Recalled' | 'Signed by the bidder, awaiting countersignature';

/** Red Rejected, green Completed, yellow Pending; a recalled NDA shows Recalled, one signed by the bidder only 'Signed by the bidder, awaiting countersignature'. */
export function signingLabel(nda: NdaState, rejected: boolean): SigningLabel {
  if (nda.isRecalled) return 'Recalled';
  if (nda.isSigned) return 'Completed';
  if (awaitsCountersignature(nda)) return 'Signed by the bidder, awaiting countersignature';
  if (rejected) return 'Rejected';
  return 'Pending';
}

/** A recipient group's NDA in one word: what the tracker, the reports and their CSV export show. */
export type GroupNdaStatus = 'No NDA' | 'Not sent' | SigningLabel;

/** No NDA yet, Not sent (a draft), else the signing label: Pending, Completed, Rejected (a recipient passed) or Recalled. */
export function groupNdaStatus(nda: NdaState | null, rejected: boolean): GroupNdaStatus {
  if (!nda) return 'No NDA';
  if (isDraft(nda)) return 'Not sent';
  return signingLabel(nda, rejected);
}

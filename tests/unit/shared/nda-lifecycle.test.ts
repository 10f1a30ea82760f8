import { describe, expect, it } from 'vitest';
import {
  canBeSigned,
  canDelete,
  canRecall,
  canRename,
  canReplaceDocument,
  canRestore,
  canResend,
  canSendGroup,
  canSendToRecipient,
  canUpload,
  isClosed,
  isCommentable,
  isDraft,
  isOutForSignature,
  type NdaState,
  signingLabel,
} from '@shared/nda-lifecycle.js';

// The NDA lifecycle predicates (spec 2, section 4) the server enforces and the client shows controls by.

const nda = (s: Partial<NdaState> = {}): NdaState => ({ isSent: false, isRecalled: false, isSigned: false, ...s });

/** Every combination of the three flags. */
const ALL: NdaState[] = [false, true].flatMap((isSent) =>
  [false, true].flatMap((isRecalled) => [false, true].map((isSigned) => ({ isSent, isRecalled, isSigned }))),
);

describe('with no NDA', () => {
  it('only upload is allowed', () => {
    expect(canUpload(null)).toBe(true);
    for (const p of [
      canRecall,
      canResend,
      canDelete,
      isCommentable,
      canBeSigned,
      canRestore,
      canReplaceDocument,
      canRename,
      canSendToRecipient,
      isOutForSignature,
    ])
      expect(p(null)).toBe(false);
  });
});

describe('with an NDA', () => {
  it('upload is never allowed once one exists', () => {
    for (const s of ALL) expect(canUpload(s)).toBe(false);
  });

  it('recall: not recalled and not signed (sent or not)', () => {
    for (const s of ALL) expect(canRecall(s)).toBe(!s.isRecalled && !s.isSigned);
    expect(canRecall(nda())).toBe(true);
    expect(canRecall(nda({ isSent: true }))).toBe(true);
  });

  it('resend: not recalled, not signed and not sent', () => {
    for (const s of ALL) expect(canResend(s)).toBe(!s.isRecalled && !s.isSigned && !s.isSent);
  });

  it('a group is sent as a whole by its own NDA’s resend rule, or, with none, when it inherits the project’s', () => {
    for (const s of ALL) {
      expect(canSendGroup({ nda: s, inheritNdaFromProject: true })).toBe(canResend(s));
      expect(canSendGroup({ nda: s, inheritNdaFromProject: false })).toBe(canResend(s));
    }
    expect(canSendGroup({ nda: null, inheritNdaFromProject: true })).toBe(true);
    expect(canSendGroup({ nda: null, inheritNdaFromProject: false })).toBe(false);
  });

  it('delete: only recalled and not signed', () => {
    for (const s of ALL) expect(canDelete(s)).toBe(s.isRecalled && !s.isSigned);
    expect(canDelete(nda({ isSent: true }))).toBe(false);
    expect(canDelete(nda({ isRecalled: true, isSigned: true }))).toBe(false);
  });

  it('restore: recalled and not signed', () => {
    for (const s of ALL) expect(canRestore(s)).toBe(s.isRecalled && !s.isSigned);
  });

  it('replace the document: not signed, and not sent unless recalled', () => {
    expect(canReplaceDocument(nda())).toBe(true);
    expect(canReplaceDocument(nda({ isSent: true }))).toBe(false);
    expect(canReplaceDocument(nda({ isSent: true, isRecalled: true }))).toBe(true);
    expect(canReplaceDocument(nda({ isSigned: true }))).toBe(false);
    expect(canReplaceDocument(nda({ isSent: true, isRecalled: true, isSigned: true }))).toBe(false);
  });

  it('rename: anything but a signed NDA', () => {
    for (const s of ALL) expect(canRename(s)).toBe(!s.isSigned);
  });

  it('comment: not recalled and not signed; sign: sent, not recalled, not signed', () => {
    for (const s of ALL) {
      expect(isCommentable(s)).toBe(!s.isRecalled && !s.isSigned);
      expect(canBeSigned(s)).toBe(s.isSent && !s.isRecalled && !s.isSigned);
    }
  });
});

describe('the named states', () => {
  it('closed: recalled or signed; draft: none of the three; out for signature: sent and not closed', () => {
    for (const s of ALL) {
      expect(isClosed(s)).toBe(s.isRecalled || s.isSigned);
      expect(isDraft(s)).toBe(!s.isSent && !s.isRecalled && !s.isSigned);
      expect(isOutForSignature(s)).toBe(s.isSent && !s.isRecalled && !s.isSigned);
    }
  });

  it('sending to one recipient: any NDA that is not recalled or signed, sent to the group or not', () => {
    for (const s of ALL) expect(canSendToRecipient(s)).toBe(!s.isRecalled && !s.isSigned);
  });
});

describe('signingLabel', () => {
  it('Recalled first, then Completed, Rejected, Pending', () => {
    expect(signingLabel(nda({ isRecalled: true, isSigned: true }), true)).toBe('Recalled');
    expect(signingLabel(nda({ isSigned: true }), true)).toBe('Completed');
    expect(signingLabel(nda({ isSent: true }), true)).toBe('Rejected');
    expect(signingLabel(nda({ isSent: true }), false)).toBe('Pending');
  });
});

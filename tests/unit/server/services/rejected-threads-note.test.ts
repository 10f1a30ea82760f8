import { describe, expect, it } from 'vitest';
import { ORIGINAL_TEXT_STANDS, settledStatusText } from '@shared/negotiation.js';
import { rejectedThreadsNote } from '@server/services/signing/amendments-page.js';

describe('what the signed PDF says of threads both parties rejected', () => {
  it('names them in the schedule, one or several, and says the original text stands', () => {
    expect(rejectedThreadsNote([3])).toBe(
      "Thread 3 was rejected by both parties and is not an amendment: where it applies, the document's original text stands.",
    );
    expect(rejectedThreadsNote([1, 4, 6])).toBe(
      "Threads 1, 4 and 6 were rejected by both parties and are not an amendment: where they apply, the document's original text stands.",
    );
  });

  it('gives the certificate a final status that says what stands, and other statuses as the page words them', () => {
    expect(settledStatusText('rejected_by_both_parties')).toBe(`Rejected by both parties. ${ORIGINAL_TEXT_STANDS}`);
    expect(settledStatusText('approved_by_both_parties')).toBe('Agreed by both parties');
    expect(settledStatusText('unknown')).toBe('Open');
  });
});

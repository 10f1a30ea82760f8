import { describe, expect, it } from 'vitest';
import { clauseConsistency, standings, uniqueAgreements } from '@shared/clause-consistency.js';
import type { PositionThread } from '@shared/clause-positions.js';

const A = { projectBranch: 1, groupName: 'A' };
const B = { projectBranch: 2, groupName: 'B' };
const C = { projectBranch: 3, groupName: 'C' };
const AGREED = 'approved_by_both_parties';
const OPEN = 'unresolved';
const REJECTED = 'rejected_by_both_parties';

let next = 1;
const thread = (group: typeof A, negotiationStatus: string, proposal: string | null): PositionThread => ({
  ...group,
  id: next++,
  negotiationStatus,
  proposal,
});

describe('where each group stands on a clause', () => {
  it('takes an agreed wording over an open one, and the original text otherwise', () => {
    const held = standings([
      thread(A, OPEN, '24 months'),
      thread(A, AGREED, '12 months'),
      thread(B, REJECTED, '6 months'),
      thread(C, OPEN, null),
    ]);
    expect(held.get(1)).toEqual({ kind: 'agreed', wording: '12 months' });
    expect(held.get(2)).toEqual({ kind: 'original' });
    expect(held.get(3)).toEqual({ kind: 'original' });
  });
});

describe('the consistency flag', () => {
  it('is null until a group agrees, and once every group stands on the agreed wording', () => {
    expect(clauseConsistency([thread(A, OPEN, '12 months')], [A, B])).toBeNull();
    expect(clauseConsistency([thread(A, AGREED, '12 months'), thread(B, OPEN, '12 Months.')], [A, B])).toBeNull();
  });

  it('counts agreed wordings most groups first, the groups offered one, those negotiating and those untouched', () => {
    const threads = [thread(A, AGREED, '24 months'), thread(B, AGREED, '12 months'), thread(C, AGREED, '12 months.')];
    const four = { projectBranch: 4, groupName: 'D' };
    expect(clauseConsistency(threads, [A, B, C, four])?.sentence).toBe(
      '2 groups agreed 12 months, 1 agreed 24 months, 1 kept the original wording',
    );
  });

  it('offers each agreed wording on the open threads of the groups that do not hold it', () => {
    const open = thread(C, OPEN, '36 months');
    const offered = thread(B, OPEN, '12 months');
    const flag = clauseConsistency([thread(A, AGREED, '12 months'), offered, open], [A, B, C]);
    expect(flag?.sentence).toBe(
      '1 group agreed 12 months, 1 is offered an agreed wording, 1 still negotiating other wording',
    );
    expect(flag?.offers).toEqual([{ wording: '12 months', threads: [open.id], groups: [C] }]);
  });
});

describe('groups alone with their terms', () => {
  it('lists a group whose agreed wording no other group agreed or is offered', () => {
    expect(uniqueAgreements([thread(A, AGREED, '12 months'), thread(B, AGREED, '24 months')])).toEqual([
      { ...A, wording: '12 months' },
      { ...B, wording: '24 months' },
    ]);
    expect(uniqueAgreements([thread(A, AGREED, '12 months'), thread(B, OPEN, '12 months')])).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { clauseCounts, clauseGroups, clausePositions, type PositionThread } from '@shared/clause-positions.js';

const A = { projectBranch: 1, groupName: 'Northwind' };
const B = { projectBranch: 2, groupName: 'Contoso' };
const C = { projectBranch: 3, groupName: 'Fabrikam' };

function thread(id: number, group: typeof A, negotiationStatus: string, proposal: string | null): PositionThread {
  return { id, ...group, negotiationStatus, proposal };
}

describe('what the groups hold on a clause', () => {
  const threads = [
    thread(3, C, 'approved_by_both_parties', 'Twenty-four (24) months'),
    thread(1, A, 'unresolved', 'Twelve (12) months.'),
    thread(2, B, 'approved_by_both_parties', 'twelve 12  MONTHS'),
    thread(4, A, 'rejected_by_both_parties', 'Six months'),
    thread(5, B, 'unresolved', null),
  ];

  it('lists the groups that raised it, in the order they first did', () => {
    expect(clauseGroups(threads)).toEqual([A, B, C]);
  });

  it('gathers wordings equal once case, spacing and punctuation are ignored, with who holds and who agreed each', () => {
    expect(clausePositions(threads)).toEqual([
      { wording: 'Twelve (12) months.', groups: [A, B], agreed: [B] },
      { wording: 'Twenty-four (24) months', groups: [C], agreed: [C] },
    ]);
  });

  it('counts open, agreed and rejected threads', () => {
    expect(clauseCounts(threads)).toEqual({ open: 2, agreed: 2, rejected: 1 });
  });
});

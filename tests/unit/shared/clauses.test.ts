import { describe, expect, it } from 'vitest';
import {
  CLAUSE_DISTANCE,
  type ClauseCandidate,
  filterClauses,
  groupClauses,
  normaliseQuote,
  summariseClauses,
  threadOutcome,
} from '@shared/clauses.js';

// shared/clauses.ts: which threads of a project's groups speak about one clause, and the view's summary.

function thread(id: number, page: number, x: number, y: number, quote: string | null = null): ClauseCandidate {
  return { id, quote, anchor: { page, x, y } };
}

const ids = (clauses: Array<{ threads: Array<{ id: number }> }>) => clauses.map((c) => c.threads.map((t) => t.id));

describe('normaliseQuote', () => {
  it('ignores case, whitespace runs, surrounding space and Unicode forms', () => {
    expect(normaliseQuote('  Governed by the laws of\n\tCALIFORNIA ')).toBe('governed by the laws of california');
    expect(normaliseQuote('ﬁve  days')).toBe(normaliseQuote('five days'));
    expect(normaliseQuote(null)).toBe('');
    expect(normaliseQuote(' \n ')).toBe('');
  });
});

describe('groupClauses', () => {
  it('makes one clause of threads quoting the same words on the same page, wherever their pointers are', () => {
    const clauses = groupClauses([
      thread(1, 2, 0.1, 0.2, 'The laws of California'),
      thread(2, 2, 0.8, 0.9, 'the  laws of\ncalifornia'),
      thread(3, 3, 0.1, 0.2, 'The laws of California'),
    ]);
    expect(ids(clauses)).toEqual([[1, 2], [3]]);
    // The earliest thread's wording, spaces tidied.
    expect(clauses[0]).toMatchObject({ page: 2, quote: 'The laws of California', x: 0.1, y: 0.2 });
    expect(clauses[1]).toMatchObject({ page: 3, quote: 'The laws of California' });
  });

  it('keeps different quotes apart even at the same spot', () => {
    expect(ids(groupClauses([thread(1, 1, 0.5, 0.5, 'two years'), thread(2, 1, 0.5, 0.5, 'five years')]))).toEqual([
      [1],
      [2],
    ]);
  });

  it('clusters threads without a quote within CLAUSE_DISTANCE on the same page, by single linkage', () => {
    const step = CLAUSE_DISTANCE * 0.9;
    const clauses = groupClauses([
      thread(1, 1, 0.2, 0.5),
      // A chain: 3 is too far from 1 but near 2, which is near 1.
      thread(2, 1, 0.2, 0.5 + step),
      thread(3, 1, 0.2, 0.5 + 2 * step),
      // Just over the threshold from 3.
      thread(4, 1, 0.2, 0.5 + 2 * step + CLAUSE_DISTANCE * 1.01),
      // Same spot, another page.
      thread(5, 2, 0.2, 0.5),
    ]);
    expect(ids(clauses)).toEqual([[1, 2, 3], [4], [5]]);
    expect(clauses[0]).toMatchObject({ page: 1, quote: null, x: 0.2, y: 0.5 });
  });

  it('counts the threshold itself as near, and measures in both directions', () => {
    const d = CLAUSE_DISTANCE / Math.SQRT2;
    expect(ids(groupClauses([thread(1, 1, 0.3, 0.3), thread(2, 1, 0.3 + d, 0.3 + d - 1e-9)]))).toEqual([[1, 2]]);
    expect(ids(groupClauses([thread(1, 1, 0.3, 0.3), thread(2, 1, 0.3 + CLAUSE_DISTANCE + 1e-6, 0.3)]))).toEqual([
      [1],
      [2],
    ]);
  });

  it('does not merge a thread without a quote into a quoted clause nearby', () => {
    expect(
      ids(groupClauses([thread(1, 1, 0.5, 0.5, 'Term'), thread(2, 1, 0.5, 0.5), thread(3, 1, 0.5, 0.5, '  ')])),
    ).toEqual([[1], [2, 3]]);
  });

  it('orders clauses by page, then from the top, then from the left, and threads oldest first', () => {
    const clauses = groupClauses([
      thread(9, 2, 0.1, 0.1),
      thread(8, 1, 0.9, 0.7),
      thread(7, 1, 0.1, 0.7, 'Left'),
      thread(6, 1, 0.5, 0.2, 'Top'),
      thread(5, 1, 0.5, 0.6, 'Top'),
    ]);
    expect(ids(clauses)).toEqual([[5, 6], [7], [8], [9]]);
    // A clause starts at its topmost thread.
    expect(clauses[0]).toMatchObject({ y: 0.2, x: 0.5 });
  });

  it('answers nothing for no threads', () => {
    expect(groupClauses([])).toEqual([]);
  });
});

describe('the view: outcomes, filter and summary', () => {
  const t = (id: number, branch: number, group: string, status: string) => ({
    id,
    projectBranch: branch,
    groupName: group,
    negotiationStatus: status,
  });
  const clauses = [
    {
      page: 1,
      threads: [t(1, 10, 'Northwind', 'approved_by_both_parties'), t(2, 20, 'Contoso', 'unresolved')],
    },
    { page: 2, threads: [t(3, 10, 'Northwind', 'rejected_by_both_parties')] },
    {
      page: 3,
      threads: [t(4, 20, 'Contoso', 'approved_by_both_parties'), t(5, 30, 'Contoso', 'approved_by_both_parties')],
    },
    { page: 4, threads: [t(6, 20, 'Contoso', 'approved_by_sender_waiting_recipient')] },
  ];

  it('reads every status as open, agreed or rejected', () => {
    expect(threadOutcome('approved_by_both_parties')).toBe('agreed');
    expect(threadOutcome('rejected_by_both_parties')).toBe('rejected');
    for (const s of [
      'unresolved',
      'approved_by_sender_waiting_recipient',
      'approved_by_recipient_waiting_sender',
      'rejected_by_sender_waiting_recipient',
      'rejected_by_recipient_waiting_for_sender',
    ])
      expect(threadOutcome(s)).toBe('open');
  });

  it('keeps the threads of the chosen outcome, dropping clauses left empty', () => {
    expect(ids(filterClauses(clauses, 'all'))).toEqual([[1, 2], [3], [4, 5], [6]]);
    expect(ids(filterClauses(clauses, 'open'))).toEqual([[2], [6]]);
    expect(ids(filterClauses(clauses, 'agreed'))).toEqual([[1], [4, 5]]);
    expect(ids(filterClauses(clauses, 'rejected'))).toEqual([[3]]);
  });

  it('sums up clauses, pushback from several groups, open clauses and what was conceded to whom', () => {
    expect(summariseClauses(clauses)).toEqual({
      clauses: 4,
      groups: 3,
      pushback: 2,
      open: 2,
      conceded: 2,
      // Two groups named Contoso stay apart.
      concededTo: [
        { group: 'Contoso', threads: 1 },
        { group: 'Contoso', threads: 1 },
        { group: 'Northwind', threads: 1 },
      ],
    });
    expect(summariseClauses([])).toEqual({ clauses: 0, groups: 0, pushback: 0, open: 0, conceded: 0, concededTo: [] });
  });
});

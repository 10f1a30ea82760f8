import { describe, expect, it } from 'vitest';
import { attachClause, pointInClause } from '@shared/clause-attach.js';
import type { DocumentClause } from '@shared/clause-split.js';

// Where a thread made from a Word mark-up points: at the left edge of its clause, as far down its boxes
// as its quote is through its text, inside the clause (so the thread is attached to it).

const clause: DocumentClause = {
  key: 's9',
  number: '9',
  heading: 'Term',
  text: 'x'.repeat(100),
  pages: [1, 2],
  boxes: [
    { page: 1, x: 0.1, y: 0.8, width: 0.8, height: 0.1 },
    { page: 2, x: 0.12, y: 0.05, width: 0.8, height: 0.1 },
  ],
};

describe('pointInClause', () => {
  it('reads the boxes in order as one column', () => {
    expect(pointInClause(clause, 0)).toEqual({ page: 1, x: 0.1, y: 0.8 });
    expect(pointInClause(clause, 0.25)).toEqual({ page: 1, x: 0.1, y: expect.closeTo(0.85, 6) });
    expect(pointInClause(clause, 0.75)).toEqual({ page: 2, x: 0.12, y: expect.closeTo(0.1, 6) });
    expect(pointInClause(clause, 1)).toEqual({ page: 2, x: 0.12, y: expect.closeTo(0.15, 6) });
  });

  it('keeps the point in its clause, and has none for a clause without boxes', () => {
    for (const share of [0, 0.3, 0.6, 1, 2, -1]) {
      const point = pointInClause(clause, share)!;
      expect(attachClause([clause], { quote: null, pointers: [point] })?.key).toBe('s9');
    }
    expect(pointInClause({ ...clause, boxes: [] }, 0.5)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { dayLabel, groupByDay } from '@client/features/negotiation/day-groups';

// Local times: the labels follow the viewer's calendar day, whatever the time zone of the run.
const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min);
const now = at(2024, 5, 3, 9, 30);

describe('dayLabel', () => {
  it('says Today for any time of the current day', () => {
    expect(dayLabel(at(2024, 5, 3, 0, 0), now)).toBe('Today');
    expect(dayLabel(at(2024, 5, 3, 23, 59), now)).toBe('Today');
  });

  it('says Yesterday for the day before, up to its last minute', () => {
    expect(dayLabel(at(2024, 5, 2, 0, 0), now)).toBe('Yesterday');
    expect(dayLabel(at(2024, 5, 2, 23, 59), now)).toBe('Yesterday');
  });

  it("writes older days like '1st May, 2024' (date-fns 'do MMM, yyyy')", () => {
    expect(dayLabel(at(2024, 5, 1), now)).toBe('1st May, 2024');
    expect(dayLabel(at(2024, 4, 22), now)).toBe('22nd Apr, 2024');
    expect(dayLabel(at(2023, 12, 13), now)).toBe('13th Dec, 2023');
    expect(dayLabel(at(2024, 3, 3), now)).toBe('3rd Mar, 2024');
  });

  it('crosses months and years for Yesterday', () => {
    expect(dayLabel(at(2023, 12, 31, 18), at(2024, 1, 1, 8))).toBe('Yesterday');
    expect(dayLabel(at(2024, 2, 29), at(2024, 3, 1))).toBe('Yesterday');
  });

  it('does not call a future day Today or Yesterday', () => {
    expect(dayLabel(at(2024, 5, 4), now)).toBe('4th May, 2024');
  });
});

describe('groupByDay', () => {
  const item = (id: number, date: Date) => ({ id, created: date.toISOString() });

  it('groups by calendar day, newest day first and newest first within a day', () => {
    const items = [
      item(1, at(2024, 5, 1, 10)),
      item(2, at(2024, 5, 2, 8)),
      item(3, at(2024, 5, 3, 7)),
      item(4, at(2024, 5, 2, 22)),
      item(5, at(2024, 5, 3, 9)),
    ];
    const groups = groupByDay(items, (i) => i.created, now);
    expect(groups.map((g) => g.label)).toEqual(['Today', 'Yesterday', '1st May, 2024']);
    expect(groups.map((g) => g.items.map((i) => i.id))).toEqual([[5, 3], [4, 2], [1]]);
  });

  it('splits at local midnight', () => {
    const groups = groupByDay([item(1, at(2024, 5, 2, 23, 59)), item(2, at(2024, 5, 3, 0, 0))], (i) => i.created, now);
    expect(groups.map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ['Today', [2]],
      ['Yesterday', [1]],
    ]);
  });

  it('answers no groups for no items, and keeps unreadable dates at the end', () => {
    expect(groupByDay([], (i: { created: string }) => i.created, now)).toEqual([]);
    const groups = groupByDay([{ id: 1, created: 'not a date' }, item(2, at(2024, 5, 3))], (i) => i.created, now);
    expect(groups.map((g) => g.label)).toEqual(['Today', 'Earlier']);
  });

  it('gives every group a stable key', () => {
    const a = groupByDay([item(1, at(2024, 5, 1, 9))], (i) => i.created, now);
    const b = groupByDay([item(2, at(2024, 5, 1, 17))], (i) => i.created, now);
    expect(a[0]!.key).toBe(b[0]!.key);
  });
});

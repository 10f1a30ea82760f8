import { describe, expect, it } from 'vitest';
import { durationParts, fillMonths, formatDuration, monthLabel, reportMonths, reportStart } from '@shared/reports';
import { reportFilterQuery } from '@shared/schemas/reports';

describe('reportMonths', () => {
  it('answers the six months ending with the current one, oldest first', () => {
    expect(reportMonths(new Date('2026-11-23T10:00:00Z'))).toEqual([
      { year: 2026, month: 6 },
      { year: 2026, month: 7 },
      { year: 2026, month: 8 },
      { year: 2026, month: 9 },
      { year: 2026, month: 10 },
      { year: 2026, month: 11 },
    ]);
  });

  it('crosses the year backwards and reads the month in UTC', () => {
    expect(reportMonths(new Date('2027-02-28T23:30:00-05:00'), 4)).toEqual([
      { year: 2026, month: 12 },
      { year: 2027, month: 1 },
      { year: 2027, month: 2 },
      { year: 2027, month: 3 },
    ]);
    expect(reportStart(new Date('2027-02-10T00:00:00Z'))).toEqual(new Date('2026-09-01T00:00:00Z'));
  });
});

describe('fillMonths', () => {
  const months = reportMonths(new Date('2026-03-05T00:00:00Z'), 3);

  it('keeps every month, at 0 when nothing happened, and drops counts outside the window', () => {
    expect(
      fillMonths(months, [
        { year: 2026, month: 3, number: 4 },
        { year: 2025, month: 1, number: 9 },
        { year: 2026, month: 1, number: 2 },
      ]),
    ).toEqual([
      { year: 2026, month: 1, number: 2 },
      { year: 2026, month: 2, number: 0 },
      { year: 2026, month: 3, number: 4 },
    ]);
  });

  it('adds up two counts of one month', () => {
    expect(
      fillMonths(months, [
        { year: 2026, month: 2, number: 1 },
        { year: 2026, month: 2, number: 2 },
      ])[1],
    ).toEqual({
      year: 2026,
      month: 2,
      number: 3,
    });
  });
});

describe('durationParts and formatDuration', () => {
  it('splits seconds into days, hours and minutes, rounded to the minute', () => {
    expect(durationParts(265_500)).toEqual({ days: 3, hours: 1, minutes: 45 });
    expect(durationParts(86_400 * 2 + 3600 * 23 + 59 * 60 + 40)).toEqual({ days: 3, hours: 0, minutes: 0 });
    expect(durationParts(29)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(durationParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });

  it('writes the parts that are not zero', () => {
    expect(formatDuration({ days: 3, hours: 1, minutes: 45 })).toBe('3 days 1 hour 45 minutes');
    expect(formatDuration({ days: 1, hours: 0, minutes: 1 })).toBe('1 day 1 minute');
    expect(formatDuration({ days: 0, hours: 0, minutes: 0 })).toBe('Under a minute');
  });

  it('labels a month for the charts', () => {
    expect(monthLabel({ year: 2026, month: 11 })).toBe('Nov 2026');
  });
});

describe('reportFilterQuery', () => {
  it('reads comma-separated values, repeated keys and arrays, without blanks or repeats', () => {
    expect(reportFilterQuery.parse({ projectIn: '3,1,3', projectBranchIn: ['4', '5,6', ''] })).toEqual({
      projectIn: [3, 1],
      projectBranchIn: [4, 5, 6],
    });
    expect(reportFilterQuery.parse({ projectIn: [7], projectBranchIn: '' })).toEqual({
      projectIn: [7],
      projectBranchIn: [],
    });
    expect(reportFilterQuery.parse({})).toEqual({});
  });

  it('refuses what is not an id', () => {
    for (const bad of ['x', '0', '-1', '2.5', '2147483648', { a: 1 }, [[1]]]) {
      expect(reportFilterQuery.safeParse({ projectIn: bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

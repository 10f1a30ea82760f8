import { describe, expect, it } from 'vitest';
import {
  DATE_FORMATS,
  formatDate,
  formatDateTime,
  formatDayLabel,
  formatRelative,
  formatShortDate,
  formatTime,
  formatTimeOnDay,
  NO_DATE,
} from '@shared/dates';

// Local times: every format writes the runtime's own time zone (the viewer's, in the browser).
const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min);

describe('the spec’s formats', () => {
  it('names them in date-fns tokens', () => {
    expect(DATE_FORMATS).toMatchObject({ short: 'dd/MM/yy', date: 'd LLL yyyy', dateTime: 'dd.MM.yyyy k:mm' });
  });

  it('writes dd/MM/yy', () => {
    expect(formatShortDate(at(2024, 5, 1))).toBe('01/05/24');
    expect(formatShortDate(at(2026, 11, 23))).toBe('23/11/26');
  });

  it('writes d LLL yyyy', () => {
    expect(formatDate(at(2024, 5, 1))).toBe('1 May 2024');
    expect(formatDate(at(2026, 11, 23))).toBe('23 Nov 2026');
  });

  it('writes dd.MM.yyyy k:mm, hours 1 to 24 without a leading zero', () => {
    expect(formatDateTime(at(2024, 5, 1, 9, 5))).toBe('01.05.2024 9:05');
    expect(formatDateTime(at(2026, 11, 23, 17, 30))).toBe('23.11.2026 17:30');
    expect(formatDateTime(at(2026, 11, 23, 0, 15))).toBe('23.11.2026 24:15');
    expect(formatTime(at(2026, 11, 23, 8, 0))).toBe('8:00');
  });

  it('reads ISO strings and timestamps as well as dates', () => {
    const d = at(2024, 5, 1, 9, 5);
    expect(formatDateTime(d.toISOString())).toBe('01.05.2024 9:05');
    expect(formatDate(d.getTime())).toBe('1 May 2024');
  });

  it('shows a dash for a missing or unreadable date instead of throwing', () => {
    expect(formatDate(null)).toBe(NO_DATE);
    expect(formatShortDate(undefined)).toBe(NO_DATE);
    expect(formatDateTime('not a date')).toBe(NO_DATE);
    expect(formatDayLabel('nope')).toBe(NO_DATE);
  });

  it('writes the time alone on the day a label names, else the whole moment', () => {
    const day = at(2024, 5, 1, 8);
    expect(formatTimeOnDay(at(2024, 5, 1, 23, 59), day)).toBe('23:59');
    expect(formatTimeOnDay(at(2024, 5, 2, 0, 1), day)).toBe('02.05.2024 24:01');
  });
});

describe('comment day labels', () => {
  const now = at(2024, 5, 3, 9, 30);

  it('say Today and Yesterday by the calendar day', () => {
    expect(formatDayLabel(at(2024, 5, 3, 0, 0), now)).toBe('Today');
    expect(formatDayLabel(at(2024, 5, 2, 23, 59), now)).toBe('Yesterday');
    expect(formatDayLabel(at(2023, 12, 31, 18), at(2024, 1, 1, 8))).toBe('Yesterday');
  });

  it('write older days with an ordinal, as the spec does: 1st May, 2024', () => {
    expect(formatDayLabel(at(2024, 5, 1), now)).toBe('1st May, 2024');
    expect(formatDayLabel(at(2024, 4, 2), now)).toBe('2nd Apr, 2024');
    expect(formatDayLabel(at(2024, 3, 3), now)).toBe('3rd Mar, 2024');
    expect(formatDayLabel(at(2024, 4, 11), now)).toBe('11th Apr, 2024');
    expect(formatDayLabel(at(2024, 4, 12), now)).toBe('12th Apr, 2024');
    expect(formatDayLabel(at(2024, 4, 13), now)).toBe('13th Apr, 2024');
    expect(formatDayLabel(at(2024, 4, 21), now)).toBe('21st Apr, 2024');
    expect(formatDayLabel(at(2024, 4, 22), now)).toBe('22nd Apr, 2024');
    expect(formatDayLabel(at(2024, 4, 23), now)).toBe('23rd Apr, 2024');
    expect(formatDayLabel(at(2023, 12, 31), now)).toBe('31st Dec, 2023');
  });
});

describe('relative time (the activity feed)', () => {
  const now = at(2024, 5, 3, 12, 0);

  it('says just now under a minute, and for a clock a little ahead', () => {
    expect(formatRelative(at(2024, 5, 3, 11, 59), now)).toBe('1 minute ago');
    expect(formatRelative(new Date(now.getTime() - 30_000), now)).toBe('just now');
    expect(formatRelative(new Date(now.getTime() + 5_000), now)).toBe('just now');
  });

  it('counts minutes, hours and days, rounding down', () => {
    expect(formatRelative(at(2024, 5, 3, 11, 15), now)).toBe('45 minutes ago');
    expect(formatRelative(at(2024, 5, 3, 9, 1), now)).toBe('2 hours ago');
    expect(formatRelative(at(2024, 5, 1, 11, 0), now)).toBe('2 days ago');
  });

  it('gives the date itself from a week back', () => {
    expect(formatRelative(at(2024, 4, 26, 12, 0), now)).toBe('26 Apr 2024');
  });
});

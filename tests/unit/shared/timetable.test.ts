import { describe, expect, it } from 'vitest';
import { eventAuthorName, EVENT_SENTENCES } from '@shared/events.js';
import { groupEvents } from '@shared/event-feed.js';
import {
  deadlinePassed,
  effectiveDeadline,
  formatDeadlineUtc,
  isExtension,
  nextReminderDue,
  TIMETABLE_MESSAGES,
} from '@shared/timetable.js';

const d = (iso: string) => new Date(iso);

describe('the NDA timetable rules', () => {
  it('words the expiry as the spec quotes it, in UTC', () => {
    expect(TIMETABLE_MESSAGES.expired(d('2026-12-01T17:00:00Z'))).toBe(
      'This NDA expired on 1 December 2026 at 17:00 UTC.',
    );
    expect(formatDeadlineUtc(d('2027-01-09T08:05:00+02:00'))).toBe('9 January 2027 at 06:05 UTC');
  });

  it('takes the group’s deadline, else the project’s, and counts it passed from its very instant', () => {
    expect(effectiveDeadline(null, d('2026-12-01T17:00:00Z'))).toEqual(d('2026-12-01T17:00:00Z'));
    expect(effectiveDeadline(d('2026-12-05T17:00:00Z'), d('2026-12-01T17:00:00Z'))).toEqual(d('2026-12-05T17:00:00Z'));
    expect(deadlinePassed(d('2026-12-01T17:00:00Z'), d('2026-12-01T16:59:59.999Z'))).toBe(false);
    expect(deadlinePassed(d('2026-12-01T17:00:00Z'), d('2026-12-01T17:00:00Z'))).toBe(true);
    expect(deadlinePassed(null, d('2099-01-01T00:00:00Z'))).toBe(false);
  });

  it('calls a later deadline, or none, an extension; a first or earlier one is not', () => {
    expect(isExtension(d('2026-12-01T17:00:00Z'), d('2026-12-02T17:00:00Z'))).toBe(true);
    expect(isExtension(d('2026-12-01T17:00:00Z'), null)).toBe(true);
    expect(isExtension(null, d('2026-12-02T17:00:00Z'))).toBe(false);
    expect(isExtension(d('2026-12-01T17:00:00Z'), d('2026-11-30T17:00:00Z'))).toBe(false);
  });

  it('schedules the first reminder after firstAfterDays, then every everyDays', () => {
    const schedule = { firstAfterDays: 5, everyDays: 2 };
    expect(nextReminderDue(schedule, { sentAt: d('2026-11-01T09:00:00Z'), lastSentAt: null })).toEqual(
      d('2026-11-06T09:00:00Z'),
    );
    expect(
      nextReminderDue(schedule, { sentAt: d('2026-11-01T09:00:00Z'), lastSentAt: d('2026-11-06T10:00:00Z') }),
    ).toEqual(d('2026-11-08T10:00:00Z'));
  });

  it('gives each new event a plain sentence, by the timetable for its own', () => {
    expect(EVENT_SENTENCES.deadline_extended).toBe('NDA deadline was extended by:');
    expect(eventAuthorName('reminder_sent', null)).toBe('NDA timetable');
    expect(eventAuthorName('nda_signed', null)).toBe('Deleted user');
    const base = { project: 1, projectBranch: 2, authorId: null, isRead: false, created: '2026-12-01T17:00:00Z' };
    const [group] = groupEvents([
      { ...base, id: 2, author: 'NDA timetable', status: 'reminder_sent' },
      { ...base, id: 1, author: 'NDA timetable', status: 'reminder_sent' },
    ]);
    expect(group!.text).toBe('Reminder to sign has been sent twice by NDA timetable');
  });
});

import { describe, expect, it } from 'vitest';
import {
  eventTypeOf,
  type FeedEvent,
  groupEvents,
  othersText,
  repeatedLead,
  timesWord,
  unreadBadge,
} from '@shared/event-feed.js';
import { EVENT_SENTENCES, EVENT_TYPES } from '@shared/events.js';

// The activity feed's grouping (spec 2, section 4, Events): consecutive events of a type become one line.

let nextId = 100;
const ev = (status: string, author: string, authorId: number | null, extra: Partial<FeedEvent> = {}): FeedEvent => ({
  id: nextId--,
  project: 1,
  projectBranch: null,
  author,
  authorId,
  status,
  created: '2024-05-01T10:00:00.000Z',
  isRead: true,
  ...extra,
});

describe('timesWord', () => {
  it('says once, twice, thrice, then N times', () => {
    expect([1, 2, 3, 4, 12].map(timesWord)).toEqual(['once', 'twice', 'thrice', '4 times', '12 times']);
  });
});

describe('repeatedLead', () => {
  it('turns the sentence of a type into its repeated form', () => {
    expect(repeatedLead('nda_sent', 2)).toBe('NDA has been sent twice by');
    expect(repeatedLead('nda_sent', 3)).toBe('NDA has been sent thrice by');
    expect(repeatedLead('nda_sent', 5)).toBe('NDA has been sent 5 times by');
    expect(repeatedLead('new_comment', 2)).toBe('New comment has been written twice by');
    expect(repeatedLead('nda_rejected', 2)).toBe('Opportunity has been passed on twice by');
  });

  it('has a readable form for every type, including the sentence without "was"', () => {
    for (const type of EVENT_TYPES) expect(repeatedLead(type, 2)).toMatch(/twice.* by$/);
    expect(repeatedLead('none', 2)).toBe('Activity (twice) by');
  });
});

describe('othersText', () => {
  it('names the first author and counts the others', () => {
    expect(othersText(['Jane Doe'])).toBe('Jane Doe');
    expect(othersText(['Jane Doe', 'John Roe'])).toBe('Jane Doe +1 other');
    expect(othersText(['Jane Doe', 'John Roe', 'Max Poe'])).toBe('Jane Doe +2 others');
    expect(othersText([])).toBe('Unknown');
  });
});

describe('groupEvents', () => {
  it('keeps a lone event as the plain sentence', () => {
    const [group] = groupEvents([ev('nda_sent', 'Jane Doe', 1)]);
    expect(group!.text).toBe(`${EVENT_SENTENCES.nda_sent} Jane Doe`);
    expect(group!.events).toHaveLength(1);
  });

  it('groups consecutive events of one type by one author with the repeated sentence', () => {
    const groups = groupEvents([
      ev('nda_sent', 'Jane Doe', 1),
      ev('nda_sent', 'Jane Doe', 1),
      ev('nda_sent', 'Jane Doe', 1),
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.text).toBe('NDA has been sent thrice by Jane Doe');
    expect(groups[0]!.authors).toEqual(['Jane Doe']);
  });

  it('shows several authors as the first one +N others', () => {
    const groups = groupEvents([
      ev('new_comment', 'Jane Doe', 1),
      ev('new_comment', 'John Roe', 2),
      ev('new_comment', 'Jane Doe', 1),
      ev('new_comment', 'Max Poe', 3),
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.text).toBe('New comment was written by: Jane Doe +2 others');
    expect(groups[0]!.authors).toEqual(['Jane Doe', 'John Roe', 'Max Poe']);
  });

  it('starts a new group when the type changes, and again when it comes back', () => {
    const groups = groupEvents([
      ev('nda_sent', 'A', 1),
      ev('nda_sent', 'A', 1),
      ev('nda_opened', 'B', 2),
      ev('nda_sent', 'A', 1),
    ]);
    expect(groups.map((g) => [g.status, g.events.length])).toEqual([
      ['nda_sent', 2],
      ['nda_opened', 1],
      ['nda_sent', 1],
    ]);
  });

  it('does not group events of different projects unless asked to', () => {
    const events = [ev('nda_sent', 'A', 1, { project: 1 }), ev('nda_sent', 'A', 1, { project: 2 })];
    expect(groupEvents(events)).toHaveLength(2);
    expect(groupEvents(events, { sameProject: false })).toHaveLength(1);
  });

  it('tells authors apart by id, and by name when the account is gone', () => {
    const groups = groupEvents([
      ev('approved', 'Deleted user', null),
      ev('approved', 'Deleted user', null),
      ev('approved', 'Jane Doe', 1),
    ]);
    expect(groups[0]!.authors).toEqual(['Deleted user', 'Jane Doe']);
    const same = groupEvents([ev('approved', 'Jane Doe', 1), ev('approved', 'Jane D.', 1)]);
    expect(same[0]!.text).toBe('Comment thread has been approved twice by Jane Doe');
  });

  it('counts unread events and keys the group by its first event', () => {
    const first = ev('nda_signed', 'A', 1, { isRead: false });
    const groups = groupEvents([first, ev('nda_signed', 'A', 1, { isRead: false }), ev('nda_signed', 'A', 1)]);
    expect(groups[0]!.unread).toBe(2);
    expect(groups[0]!.key).toBe(String(first.id));
    expect(groups[0]!.created).toBe(first.created);
  });

  it('reads an unknown status as activity', () => {
    expect(eventTypeOf('something_new')).toBe('none');
    expect(groupEvents([ev('something_new', 'A', 1)])[0]!.text).toBe('Activity by: A');
  });

  it('answers nothing for no events', () => {
    expect(groupEvents([])).toEqual([]);
  });
});

describe('unreadBadge', () => {
  it('shows nothing at 0, the count up to 9, then 9+', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(-1)).toBeNull();
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(9)).toBe('9');
    expect(unreadBadge(10)).toBe('9+');
    expect(unreadBadge(250)).toBe('9+');
  });
});

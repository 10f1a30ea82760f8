import { describe, expect, it } from 'vitest';
import {
  boundedBatch,
  ENGAGEMENT_FORMULA,
  engagementScore,
  MAX_PAGE_SECONDS_PER_BATCH,
  MAX_PAGE_SECONDS_PER_SESSION,
  MAX_SECONDS_PER_BATCH,
  MAX_SECONDS_PER_SESSION,
  readingTime,
} from '@shared/engagement.js';
import { documentOpenedSentence } from '@shared/events.js';
import { groupEvents } from '@shared/event-feed.js';

describe('engagementScore', () => {
  it('weighs documents, pages and whole minutes as the formula says', () => {
    expect(engagementScore({ documentsOpened: 0, pagesRead: 0, totalSeconds: 0 })).toBe(0);
    expect(engagementScore({ documentsOpened: 1, pagesRead: 0, totalSeconds: 0 })).toBe(10);
    expect(engagementScore({ documentsOpened: 0, pagesRead: 3, totalSeconds: 0 })).toBe(6);
    // 119 seconds are one whole minute.
    expect(engagementScore({ documentsOpened: 0, pagesRead: 0, totalSeconds: 119 })).toBe(1);
    expect(engagementScore({ documentsOpened: 2, pagesRead: 12, totalSeconds: 600 })).toBe(20 + 24 + 10);
  });

  it('stops at 100', () => {
    expect(engagementScore({ documentsOpened: 5, pagesRead: 40, totalSeconds: 3600 })).toBe(100);
  });

  it('is written out in words', () => {
    expect(ENGAGEMENT_FORMULA).toBe(
      'Score = 10 × documents opened + 2 × pages read + 1 × minutes of reading, at most 100.',
    );
  });
});

describe('boundedBatch', () => {
  it('drops fractions and caps each page per batch', () => {
    expect(boundedBatch([{ page: 1, seconds: 14.9 }], new Map())).toEqual([{ page: 1, seconds: 14 }]);
    expect(boundedBatch([{ page: 1, seconds: 3600 }], new Map())).toEqual([
      { page: 1, seconds: MAX_PAGE_SECONDS_PER_BATCH },
    ]);
  });

  it('caps the batch in all, in the order the pages came', () => {
    const pages = [1, 2, 3, 4].map((page) => ({ page, seconds: 3600 }));
    const counted = boundedBatch(pages, new Map());
    expect(counted.reduce((a, p) => a + p.seconds, 0)).toBe(MAX_SECONDS_PER_BATCH);
    expect(counted[3]).toEqual({ page: 4, seconds: 0 });
  });

  it('caps a page and the opening over their running totals', () => {
    const nearlyFull = new Map([[1, MAX_PAGE_SECONDS_PER_SESSION - 5]]);
    expect(boundedBatch([{ page: 1, seconds: 30 }], nearlyFull)).toEqual([{ page: 1, seconds: 5 }]);
    const sessionFull = new Map([[9, MAX_SECONDS_PER_SESSION]]);
    expect(boundedBatch([{ page: 2, seconds: 30 }], sessionFull)).toEqual([{ page: 2, seconds: 0 }]);
  });
});

describe('the feed sentence of a document opened', () => {
  it('names the company and the document', () => {
    expect(documentOpenedSentence('Kestrel Partners', 'CIM')).toBe('Kestrel Partners opened the CIM');
    expect(documentOpenedSentence('Kestrel Partners', null)).toBe('Kestrel Partners opened a deal document');
  });

  it('stands alone in the feed, never grouped with its neighbours', () => {
    const base = { project: 1, projectBranch: 2, authorId: 3, author: 'Kim Kestrel', isRead: false };
    const groups = groupEvents([
      {
        ...base,
        id: 3,
        status: 'document_opened',
        created: '2026-11-27T10:02:00Z',
        sentence: 'Kestrel Partners opened the CIM',
      },
      {
        ...base,
        id: 2,
        status: 'document_opened',
        created: '2026-11-27T10:01:00Z',
        sentence: 'Kestrel Partners opened the Teaser',
      },
      { ...base, id: 1, status: 'nda_opened', created: '2026-11-27T10:00:00Z', sentence: null },
    ]);
    expect(groups.map((g) => g.text)).toEqual([
      'Kestrel Partners opened the CIM',
      'Kestrel Partners opened the Teaser',
      'NDA was opened by: Kim Kestrel',
    ]);
  });
});

describe('readingTime', () => {
  it('says seconds, minutes and hours', () => {
    expect(readingTime(45)).toBe('45 s');
    expect(readingTime(720)).toBe('12 min');
    expect(readingTime(7500)).toBe('2 h 5 min');
    expect(readingTime(7200)).toBe('2 h');
  });
});

import { describe, expect, it } from 'vitest';
import { eventPageNda, readOnArrival } from '@shared/event-reads';

const ME = 3;
const OTHER = 11;
const open = (ndas: number[]) => (ndaId: number) => ndas.includes(ndaId);

describe('readOnArrival', () => {
  it('reads an event on its NDA’s open page, or of one’s own', () => {
    expect(readOnArrival({ nda: 7, authorId: OTHER }, ME, open([7]))).toBe(true);
    expect(readOnArrival({ nda: 7, authorId: ME }, ME, open([]))).toBe(true);
  });

  it('leaves unread an event of another NDA, or of no NDA, whatever page is open', () => {
    expect(readOnArrival({ nda: 8, authorId: OTHER }, ME, open([7]))).toBe(false);
    expect(readOnArrival({ nda: null, authorId: OTHER }, ME, open([7]))).toBe(false);
    expect(readOnArrival({ nda: null, authorId: null }, ME, open([7]))).toBe(false);
  });

  it('names the NDA whose page an event concerns', () => {
    expect(eventPageNda({ nda: 7 })).toBe(7);
    expect(eventPageNda({ nda: null })).toBeNull();
  });
});

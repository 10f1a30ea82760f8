import { describe, expect, it } from 'vitest';
import type { EventDto } from '@shared/dto';
import { FEED_INPUT, projectFeedInput } from '@client/features/events/api/events';
import { addEventsToCache } from '@client/features/events/api/feed-cache';

const ME = 3;

const event = (id: number, project: number, authorId: number | null = 9): EventDto => ({
  id,
  project,
  projectBranch: null,
  nda: null,
  subject: null,
  author: 'Alice Acquirer',
  authorId,
  status: 'new_comment',
  created: '2026-11-27T10:00:00.000Z',
  isRead: false,
  reason: null,
  sentence: null,
});

type Feed = { count: number; results: EventDto[] };

/** The slice of tRPC's utils the feed cache uses, over a plain map keyed by the input. */
function fakeUtils() {
  const feeds = new Map<string, Feed | undefined>();
  const log: string[] = [];
  const key = (input: object) => JSON.stringify(input);
  const list = {
    getData: (input: object) => feeds.get(key(input)),
    setData: (input: object, updater: (old: Feed | undefined) => Feed | undefined) =>
      feeds.set(key(input), updater(feeds.get(key(input)))),
    cancel: async (input: object) => void log.push(`cancel ${key(input)}`),
    invalidate: async (input: object) => void log.push(`invalidate ${key(input)}`),
  };
  // Only the slice above: the cast stands in for the rest of tRPC's utils, which the cache never touches.
  const utils = { events: { list } } as unknown as Parameters<typeof addEventsToCache>[0];
  return { utils, feeds, log, key };
}

const settled = () => new Promise((resolve) => setTimeout(resolve));

describe('addEventsToCache', () => {
  it("adds pushed events to the user's feed and their project's, newest first, once, the user's own read", () => {
    const { utils, feeds, key } = fakeUtils();
    feeds.set(key(FEED_INPUT), { count: 1, results: [event(1, 5)] });
    feeds.set(key(projectFeedInput(5)), { count: 1, results: [event(1, 5)] });
    addEventsToCache(utils, [event(2, 5), event(3, 5, ME), event(1, 5)], ME);
    const feed = feeds.get(key(FEED_INPUT))!;
    expect(feed.count).toBe(3);
    expect(feed.results.map((e) => [e.id, e.isRead])).toEqual([
      [3, true],
      [2, false],
      [1, false],
    ]);
    expect(feeds.get(key(projectFeedInput(5)))!.results.map((e) => e.id)).toEqual([3, 2, 1]);
  });

  it('reads a feed afresh whose first read has not answered: that read may have begun before the event', async () => {
    const { utils, feeds, log, key } = fakeUtils();
    feeds.set(key(FEED_INPUT), { count: 0, results: [] });
    addEventsToCache(utils, [event(4, 6)], ME);
    await settled();
    expect(feeds.get(key(FEED_INPUT))!.results.map((e) => e.id)).toEqual([4]);
    expect(feeds.has(key(projectFeedInput(6)))).toBe(false);
    expect(log).toEqual([`cancel ${key(projectFeedInput(6))}`, `invalidate ${key(projectFeedInput(6))}`]);
  });
});

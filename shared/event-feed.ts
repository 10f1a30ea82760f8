import { EVENT_SENTENCES, EVENT_TYPES, type EventType } from './events.js';

/**
 * The activity feed (spec 2, section 4, Events): consecutive events of the same type are shown as one
 * line. One author repeating an action reads 'NDA has been sent twice by Jane Doe'; several authors read
 * 'NDA was sent by: Jane Doe +2 others'. Pure, so the tracker, the activity modal and tests share it.
 */
export interface FeedEvent {
  id: number;
  project: number;
  projectBranch: number | null;
  author: string;
  authorId: number | null;
  status: string;
  created: string;
  isRead: boolean;
  /** An event told as a whole sentence ("Kestrel Partners opened the CIM"): shown alone, never grouped. */
  sentence?: string | null;
}

export interface EventGroup<E extends FeedEvent = FeedEvent> {
  /** Stable across renders while the group keeps its newest event: the id of that event. */
  key: string;
  status: EventType;
  /** The grouped events, in the order they were given (newest first for the feed). */
  events: E[];
  /** Distinct authors, in order of first appearance. */
  authors: string[];
  /** The sentence before the names: 'NDA was sent by:' or 'NDA has been sent twice by'. */
  lead: string;
  /** The names after it: 'Jane Doe' or 'Jane Doe +2 others'. */
  who: string;
  /** lead and who together. */
  text: string;
  /** When the first event of the group happened (the newest, in a newest-first feed). */
  created: string;
  /** How many of the grouped events are not read yet. */
  unread: number;
}

export interface GroupOptions {
  /** Events of different projects are never grouped together unless this is false (default true). */
  sameProject?: boolean;
}

const KNOWN = new Set<string>(EVENT_TYPES);

/** An event's type, 'none' for a status this client does not know (a newer server). */
export function eventTypeOf(status: string): EventType {
  return KNOWN.has(status) ? (status as EventType) : 'none';
}

/** 1 once, 2 twice, 3 thrice, then 'N times'. */
export function timesWord(count: number): string {
  if (count === 1) return 'once';
  if (count === 2) return 'twice';
  if (count === 3) return 'thrice';
  return `${count} times`;
}

/** 'NDA was sent by:' repeated 3 times -> 'NDA has been sent thrice by'. */
export function repeatedLead(type: EventType, count: number): string {
  const sentence = EVENT_SENTENCES[type];
  const match = /^(.*) was (.*) by:$/.exec(sentence);
  if (match) return `${match[1]} has been ${match[2]} ${timesWord(count)} by`;
  return `${sentence.replace(/ by:$/, '')} (${timesWord(count)}) by`;
}

/** 'Jane Doe', 'Jane Doe +1 other', 'Jane Doe +3 others'. */
export function othersText(authors: readonly string[]): string {
  const [first = 'Unknown', ...rest] = authors;
  if (rest.length === 0) return first;
  return `${first} +${rest.length} ${rest.length === 1 ? 'other' : 'others'}`;
}

function authorKey(e: FeedEvent): string {
  return e.authorId !== null ? `id:${e.authorId}` : `name:${e.author}`;
}

function describe<E extends FeedEvent>(events: E[]): EventGroup<E> {
  const first = events[0]!;
  const status = eventTypeOf(first.status);
  const byKey = new Map<string, string>();
  for (const e of events) if (!byKey.has(authorKey(e))) byKey.set(authorKey(e), e.author);
  const authors = [...byKey.values()];
  if (first.sentence) {
    return {
      key: String(first.id),
      status,
      events,
      authors,
      lead: first.sentence,
      who: '',
      text: first.sentence,
      created: first.created,
      unread: events.filter((e) => !e.isRead).length,
    };
  }
  const lead =
    events.length > 1 && authors.length === 1 ? repeatedLead(status, events.length) : EVENT_SENTENCES[status];
  const who = othersText(authors);
  return {
    key: String(first.id),
    status,
    events,
    authors,
    lead,
    who,
    text: `${lead} ${who}`,
    created: first.created,
    unread: events.filter((e) => !e.isRead).length,
  };
}

/** Groups consecutive events of the same type (and, by default, of the same project). */
export function groupEvents<E extends FeedEvent>(
  events: readonly E[],
  options: GroupOptions = {},
): Array<EventGroup<E>> {
  const sameProject = options.sameProject ?? true;
  const runs: E[][] = [];
  for (const event of events) {
    const run = runs[runs.length - 1];
    const previous = run?.[run.length - 1];
    const joins =
      previous !== undefined &&
      !previous.sentence &&
      !event.sentence &&
      eventTypeOf(previous.status) === eventTypeOf(event.status) &&
      (!sameProject || previous.project === event.project);
    if (run && joins) run.push(event);
    else runs.push([event]);
  }
  return runs.map(describe);
}

/** Unread events, the figure of the navigation badge: '9+' above 9, nothing at 0. */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}

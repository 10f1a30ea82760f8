import type { NegotiationStatus } from './negotiation.js';

/**
 * The clause view across groups: which threads of a project's groups speak about the same clause, and
 * what the adviser reads at a glance from them. Pure: the server groups with it, the client filters and
 * sums with it, and unit tests pin it.
 */

/**
 * Two pointers without a quote belong to one clause when they are at most this far apart on the same
 * page, as a straight-line distance in fractions of the page (x of its width, y of its height): 0.03
 * is about two lines of body text on an A4 or Letter page.
 */
export const CLAUSE_DISTANCE = 0.03;

/** Where a thread sits: its first pointer (a thread spanning pages follows its first pointer's page). */
export interface ClauseAnchor {
  page: number;
  x: number;
  y: number;
}

export interface ClauseCandidate {
  id: number;
  quote: string | null;
  anchor: ClauseAnchor;
}

export interface Clause<T extends ClauseCandidate> {
  page: number;
  /** The quote as the clause's earliest thread wrote it, or null for a clause found by distance. */
  quote: string | null;
  /** The clause's topmost anchor (then leftmost): where it starts on its page. */
  x: number;
  y: number;
  /** Oldest first. */
  threads: T[];
}

/** A quote compared with another: Unicode-normalised, case-folded, whitespace runs as one space. */
export function normaliseQuote(quote: string | null): string {
  return (quote ?? '').normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

function distance(a: ClauseAnchor, b: ClauseAnchor): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Single-linkage clusters of anchors on one page: any chain of neighbours within `CLAUSE_DISTANCE` is one clause. */
function clustersByDistance<T extends ClauseCandidate>(threads: T[]): T[][] {
  const parent = threads.map((_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  for (let i = 0; i < threads.length; i++)
    for (let j = i + 1; j < threads.length; j++)
      if (distance(threads[i]!.anchor, threads[j]!.anchor) <= CLAUSE_DISTANCE) parent[root(j)] = root(i);
  const clusters = new Map<number, T[]>();
  threads.forEach((t, i) => clusters.set(root(i), [...(clusters.get(root(i)) ?? []), t]));
  return [...clusters.values()];
}

function clauseOf<T extends ClauseCandidate>(threads: T[], quoted: boolean): Clause<T> {
  const sorted = [...threads].sort((a, b) => a.id - b.id);
  const top = [...threads].sort((a, b) => a.anchor.y - b.anchor.y || a.anchor.x - b.anchor.x)[0]!;
  return {
    page: top.anchor.page,
    quote: quoted ? sorted[0]!.quote!.replace(/\s+/g, ' ').trim() : null,
    x: top.anchor.x,
    y: top.anchor.y,
    threads: sorted,
  };
}

/**
 * Groups threads into clauses. Threads that quote words are one clause when they are on the same
 * page and their quotes are equal once normalised (normaliseQuote), wherever their pointers are.
 * Threads without a quote are one clause when their pointers on the same page chain within
 * CLAUSE_DISTANCE of each other (single linkage); they do not join a quoted clause. Clauses are ordered
 * by page, then from the top of the page, then from the left.
 */
export function groupClauses<T extends ClauseCandidate>(threads: readonly T[]): Clause<T>[] {
  const quoted = new Map<string, T[]>();
  const unquotedByPage = new Map<number, T[]>();
  for (const t of threads) {
    const key = normaliseQuote(t.quote);
    if (key) {
      const k = `${t.anchor.page}\u0000${key}`;
      quoted.set(k, [...(quoted.get(k) ?? []), t]);
    } else unquotedByPage.set(t.anchor.page, [...(unquotedByPage.get(t.anchor.page) ?? []), t]);
  }
  const clauses = [
    ...[...quoted.values()].map((group) => clauseOf(group, true)),
    ...[...unquotedByPage.values()].flatMap((page) => clustersByDistance(page).map((c) => clauseOf(c, false))),
  ];
  return clauses.sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x || a.threads[0]!.id - b.threads[0]!.id);
}

// ---------------------------------------------------------------------------------------------
// Where a thread stands, in the view's three words, and the summary at the top of the view.

export const CLAUSE_FILTERS = ['all', 'open', 'agreed', 'rejected'] as const;
export type ClauseFilter = (typeof CLAUSE_FILTERS)[number];
export type ThreadOutcome = Exclude<ClauseFilter, 'all'>;

/** Agreed: approved by both parties; rejected: rejected by both; anything else is still open. */
export function threadOutcome(status: string): ThreadOutcome {
  if (status === ('approved_by_both_parties' satisfies NegotiationStatus)) return 'agreed';
  if (status === ('rejected_by_both_parties' satisfies NegotiationStatus)) return 'rejected';
  return 'open';
}

interface Outcome {
  negotiationStatus: string;
}

/** The clauses with only their threads of the chosen outcome; clauses left with none are dropped. */
export function filterClauses<T extends Outcome, C extends { threads: T[] }>(
  clauses: readonly C[],
  filter: ClauseFilter,
): C[] {
  if (filter === 'all') return [...clauses];
  return clauses
    .map((c) => ({ ...c, threads: c.threads.filter((t) => threadOutcome(t.negotiationStatus) === filter) }))
    .filter((c) => c.threads.length > 0);
}

export interface ClauseSummary {
  clauses: number;
  /** Groups that raised at least one clause. */
  groups: number;
  /** Clauses raised by two groups or more: the pushback the adviser meets across bidders. */
  pushback: number;
  /** Clauses with a thread still open. */
  open: number;
  /** Clauses with a thread agreed (approved by both parties). */
  conceded: number;
  /** To whom: each group with its number of agreed threads, most first, then by name. */
  concededTo: Array<{ group: string; threads: number }>;
}

interface SummaryThread extends Outcome {
  projectBranch: number | null;
  groupName: string;
}

export function summariseClauses(clauses: ReadonlyArray<{ threads: readonly SummaryThread[] }>): ClauseSummary {
  const groupsOf = (threads: readonly SummaryThread[]) => new Set(threads.map((t) => t.projectBranch));
  // By group id: two groups may share a name.
  const concededTo = new Map<number | null, { group: string; threads: number }>();
  for (const c of clauses)
    for (const t of c.threads)
      if (threadOutcome(t.negotiationStatus) === 'agreed') {
        const seen = concededTo.get(t.projectBranch);
        concededTo.set(t.projectBranch, { group: t.groupName, threads: (seen?.threads ?? 0) + 1 });
      }
  const has = (threads: readonly SummaryThread[], outcome: ThreadOutcome) =>
    threads.some((t) => threadOutcome(t.negotiationStatus) === outcome);
  return {
    clauses: clauses.length,
    groups: groupsOf(clauses.flatMap((c) => c.threads)).size,
    pushback: clauses.filter((c) => groupsOf(c.threads).size > 1).length,
    open: clauses.filter((c) => has(c.threads, 'open')).length,
    conceded: clauses.filter((c) => has(c.threads, 'agreed')).length,
    concededTo: [...concededTo.values()].sort((a, b) => b.threads - a.threads || a.group.localeCompare(b.group)),
  };
}

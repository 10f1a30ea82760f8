import { normaliseWording } from './clause-attach.js';
import type { ClauseGroup, PositionThread } from './clause-positions.js';
import { threadOutcome } from './clauses.js';

/**
 * Consistency across bidders on one clause of the project NDA: once a group has agreed new wording,
 * does every group of the project stand on it? A group stands on the wording it agreed (its latest
 * agreed thread on the clause), else on the wording its open threads propose (the latest), else on the
 * original text (no thread on the clause, or every thread rejected by both, or open without wording).
 * Pure: the clause view answers it, unit tests pin it.
 */

export type Standing = { kind: 'agreed'; wording: string } | { kind: 'open'; wording: string } | { kind: 'original' };

export interface AgreedWording {
  /** The wording as the earliest thread agreeing it wrote it. */
  wording: string;
  /** The groups that agreed it. */
  groups: ClauseGroup[];
}

export interface ClauseConsistency {
  /** "1 group agreed 12 months, 2 agreed 24 months, 3 kept the original wording". */
  sentence: string;
  /** The distinct wordings agreed on the clause, most groups first: the wordings the adviser may offer. */
  agreed: AgreedWording[];
  /** For each agreed wording (same order), the open threads on the clause it could be offered on. */
  offers: Array<{ wording: string; threads: number[]; groups: ClauseGroup[] }>;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Where each group stands on a clause, from its threads on it (any order). */
export function standings(threads: readonly PositionThread[]): Map<number, Standing> {
  const byGroup = new Map<number, Standing>();
  for (const t of [...threads].sort((a, b) => a.id - b.id)) {
    const outcome = threadOutcome(t.negotiationStatus);
    const wording = t.proposal?.trim() || null;
    const held = byGroup.get(t.projectBranch);
    if (outcome === 'agreed' && wording) byGroup.set(t.projectBranch, { kind: 'agreed', wording });
    else if (outcome === 'open' && wording && held?.kind !== 'agreed')
      byGroup.set(t.projectBranch, { kind: 'open', wording });
    else if (!held) byGroup.set(t.projectBranch, { kind: 'original' });
  }
  return byGroup;
}

/**
 * The clause's consistency flag, or null when it needs none: no group agreed new wording, or every
 * group of the project stands on the one wording agreed. `groups` are all the project's groups.
 */
export function clauseConsistency(
  threads: readonly PositionThread[],
  groups: readonly ClauseGroup[],
): ClauseConsistency | null {
  const held = standings(threads);
  const agreed = new Map<string, AgreedWording>();
  for (const t of [...threads].sort((a, b) => a.id - b.id)) {
    const standing = held.get(t.projectBranch);
    if (standing?.kind !== 'agreed' || standing.wording !== t.proposal?.trim()) continue;
    const key = normaliseWording(standing.wording);
    const entry = agreed.get(key) ?? { wording: standing.wording, groups: [] };
    agreed.set(key, entry);
    if (!entry.groups.some((g) => g.projectBranch === t.projectBranch))
      entry.groups.push({ projectBranch: t.projectBranch, groupName: t.groupName });
  }
  if (!agreed.size) return null;
  const keyOf = (g: ClauseGroup): string => {
    const s = held.get(g.projectBranch);
    return !s || s.kind === 'original' ? '' : normaliseWording(s.wording);
  };
  const everyone = groups.length
    ? groups
    : [...new Set(threads.map((t) => t.projectBranch))].map((id) => ({
        projectBranch: id,
        groupName: threads.find((t) => t.projectBranch === id)!.groupName,
      }));
  if (new Set(everyone.map(keyOf)).size <= 1) return null;

  const list = [...agreed.values()].sort((a, b) => b.groups.length - a.groups.length);
  const negotiating = everyone.filter((g) => {
    const s = held.get(g.projectBranch);
    return s?.kind === 'open' && !agreed.has(normaliseWording(s.wording));
  }).length;
  const offered = everyone.filter((g) => {
    const s = held.get(g.projectBranch);
    return s?.kind === 'open' && agreed.has(normaliseWording(s.wording));
  }).length;
  const original = everyone.filter((g) => (held.get(g.projectBranch)?.kind ?? 'original') === 'original').length;
  const parts = list.map(
    (a, i) => `${i === 0 ? plural(a.groups.length, 'group', 'groups') : a.groups.length} agreed ${a.wording}`,
  );
  if (offered) parts.push(`${offered} ${offered === 1 ? 'is' : 'are'} offered an agreed wording`);
  if (negotiating) parts.push(`${negotiating} still negotiating other wording`);
  if (original) parts.push(`${original} kept the original wording`);
  const offers = list.map((a) => {
    const key = normaliseWording(a.wording);
    const open = threads.filter(
      (t) =>
        threadOutcome(t.negotiationStatus) === 'open' &&
        normaliseWording(t.proposal) !== key &&
        !a.groups.some((g) => g.projectBranch === t.projectBranch),
    );
    const to: ClauseGroup[] = [];
    for (const t of open)
      if (!to.some((g) => g.projectBranch === t.projectBranch))
        to.push({ projectBranch: t.projectBranch, groupName: t.groupName });
    return { wording: a.wording, threads: open.map((t) => t.id), groups: to };
  });
  return { sentence: parts.join(', '), agreed: list, offers };
}

/**
 * The groups holding an agreed wording no other group has, by clause: what the tracker flags. A wording
 * another group agreed or is offered (its open proposal) is not theirs alone.
 */
export function uniqueAgreements(threads: readonly PositionThread[]): Array<ClauseGroup & { wording: string }> {
  const held = standings(threads);
  const found: Array<ClauseGroup & { wording: string }> = [];
  for (const [branch, s] of held) {
    if (s.kind !== 'agreed') continue;
    const key = normaliseWording(s.wording);
    const shared = [...held].some(
      ([other, o]) => other !== branch && o.kind !== 'original' && normaliseWording(o.wording) === key,
    );
    if (shared) continue;
    const groupName = threads.find((t) => t.projectBranch === branch)!.groupName;
    found.push({ projectBranch: branch, groupName, wording: s.wording });
  }
  return found;
}

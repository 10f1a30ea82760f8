import { normaliseWording } from './clause-attach.js';
import { threadOutcome } from './clauses.js';

/**
 * What the groups hold on one clause of the project NDA: the distinct wordings proposed or agreed
 * (compared with case, spacing and punctuation ignored) with the groups holding each, and how its
 * threads stand. Pure: the server answers it in the clause view, unit tests pin it.
 */

export interface ClauseGroup {
  projectBranch: number;
  groupName: string;
}

export interface PositionThread extends ClauseGroup {
  id: number;
  negotiationStatus: string;
  /** The wording that stands on the thread: its latest proposal, or null. */
  proposal: string | null;
}

export interface ClausePosition {
  /** The wording as the earliest thread holding it wrote it. */
  wording: string;
  /** The groups whose thread stands on it, in the order they first did. */
  groups: ClauseGroup[];
  /** Of those, the groups that agreed it (approved by both parties). */
  agreed: ClauseGroup[];
}

export interface ClauseCounts {
  open: number;
  agreed: number;
  rejected: number;
}

function addGroup(list: ClauseGroup[], t: ClauseGroup): void {
  if (!list.some((g) => g.projectBranch === t.projectBranch))
    list.push({ projectBranch: t.projectBranch, groupName: t.groupName });
}

/** The groups that raised the clause, in the order their first thread came (threads oldest first). */
export function clauseGroups(threads: readonly PositionThread[]): ClauseGroup[] {
  const groups: ClauseGroup[] = [];
  for (const t of [...threads].sort((a, b) => a.id - b.id)) addGroup(groups, t);
  return groups;
}

/**
 * The distinct wordings on a clause. A thread rejected by both parties holds no wording (the original
 * text stands); one without a proposal holds none either.
 */
export function clausePositions(threads: readonly PositionThread[]): ClausePosition[] {
  const positions = new Map<string, ClausePosition>();
  for (const t of [...threads].sort((a, b) => a.id - b.id)) {
    const outcome = threadOutcome(t.negotiationStatus);
    const key = normaliseWording(t.proposal);
    if (!key || outcome === 'rejected') continue;
    const position = positions.get(key) ?? { wording: t.proposal!.trim(), groups: [], agreed: [] };
    positions.set(key, position);
    addGroup(position.groups, t);
    if (outcome === 'agreed') addGroup(position.agreed, t);
  }
  return [...positions.values()];
}

/** How many of the clause's threads are open, agreed and rejected by both. */
export function clauseCounts(threads: ReadonlyArray<{ negotiationStatus: string }>): ClauseCounts {
  const counts: ClauseCounts = { open: 0, agreed: 0, rejected: 0 };
  for (const t of threads) counts[threadOutcome(t.negotiationStatus)] += 1;
  return counts;
}

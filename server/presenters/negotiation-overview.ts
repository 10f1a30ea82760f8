import type { ClauseConsistency } from '@shared/clause-consistency.js';
import type { ClauseCounts, ClauseGroup, ClausePosition } from '@shared/clause-positions.js';

/** The clause view across a project's groups (GET /projects/projects/{id}/negotiation_overview/). */

/** One thread as the clause view shows it: its group, where it stands and the wording that stands. */
export interface OverviewThreadDto {
  id: number;
  projectBranch: number;
  /** The group's name, as the tracker shows it. */
  groupName: string;
  nda: number;
  negotiationStatus: string;
  /** The latest proposal, or null. */
  proposal: string | null;
  text: string;
  /** The thread's own quote (the clause's may differ in case or spacing), or null. */
  quote: string | null;
  author: string;
  created: string;
  /** The thread's first pointer: the page it is listed on and where on that page. */
  page: number;
  x: number;
  y: number;
}

export interface OverviewClauseDto {
  /** The clause of the project NDA (its key, number and heading), or null for threads outside any clause. */
  key: string | null;
  number: string | null;
  heading: string | null;
  page: number;
  /** The quote as the clause's earliest thread wrote it, or null for a clause found by distance. */
  quote: string | null;
  /** Where the clause starts on its page (its topmost pointer). */
  x: number;
  y: number;
  threads: OverviewThreadDto[];
  /** The groups that raised it. */
  groups: ClauseGroup[];
  /** The distinct wordings proposed or agreed on it, each with the groups holding it. */
  positions: ClausePosition[];
  counts: ClauseCounts;
  /**
   * Set once a group agreed new wording while the project's groups do not all stand on it: the
   * sentence ("1 group agreed 12 months, 2 kept the original wording"), the agreed wordings and, for
   * each, the open threads it could be offered on (a bulk counter-proposal). Null otherwise.
   */
  consistency: ClauseConsistency | null;
}

/** A group holding an agreed wording no other group has: the tracker flags it. */
export interface OverviewOutlierDto {
  projectBranch: number;
  groupName: string;
  clauses: Array<{ key: string; number: string | null; heading: string | null; wording: string }>;
}

export interface NegotiationOverviewDto {
  clauses: OverviewClauseDto[];
  /** The NDAs of the project's groups, with or without threads: live messages about them concern this view. */
  ndas: number[];
  /** The groups holding an agreed wording no other group has, by clause. */
  outliers: OverviewOutlierDto[];
}

import type { GroupNdaStatus } from '@shared/nda-lifecycle.js';
import type { DurationParts, MonthCount } from '@shared/reports.js';

/**
 * The spec's reports answer (GET /reports/metrics/): NDA counts by state, five monthly lists over the
 * last 6 months (every month present, 0 when nothing happened), and the summary figures.
 */
export interface ReportMetricsDto {
  /** Sent and waiting for a signature (neither signed nor recalled). */
  numberOfUnsignedNda: number;
  numberOfSignedNda: number;
  /** Sent, neither signed nor recalled, and negotiated: at least one comment thread. */
  numberOfActiveNda: number;
  /** Recalled and not restored. */
  numberOfRecalledNda: number;
  numberOfProjectsCreatedByMonth: MonthCount[];
  numberOfProjectBranchesCreatedByMonth: MonthCount[];
  numberOfNdaSignedByMonth: MonthCount[];
  numberOfNdaRecalledByMonth: MonthCount[];
  numberOfNdaSentByMonth: MonthCount[];
  numberOfProjects: number;
  /** The groups' NDAs in any state (a group's NDA once uploaded for it or sent). */
  numberOfNda: number;
  /** Median time from an NDA's first sending to its signature, over the signed NDAs; null when none is signed. */
  medianTimeToSign: DurationParts | null;
}

/** One recipient group in a report's breakdown: its NDA's status and how long it took to sign. */
export interface ReportGroupDto {
  id: number;
  name: string;
  project: number;
  projectName: string;
  /** The group's current NDA (its latest), or null before one is uploaded or inherited. */
  nda: number | null;
  /** Its name, as the group's page shows it. */
  ndaName: string | null;
  status: GroupNdaStatus;
  /** The NDA's first sending and its signature (ISO 8601), or null. */
  sentAt: string | null;
  signedAt: string | null;
  /** From first sending to signature, or null until signed. */
  timeToSign: DurationParts | null;
  /** Comment threads of the group's NDAs: all, still open, and agreed by both parties. */
  threads: number;
  openThreads: number;
  agreedThreads: number;
}

/** One clause as the clause view groups threads, with the view's figures across the groups in scope. */
export interface ReportClauseDto {
  project: number;
  projectName: string;
  page: number;
  /** The clause's quote, or null for a clause found by where its pointers sit. */
  quote: string | null;
  threads: number;
  /** Groups that opened a thread on it. */
  groups: number;
  open: number;
  agreed: number;
  rejected: number;
}

/** GET /reports/breakdown/: the groups and clauses of a report's scope, with how many there are in all. */
export interface ReportBreakdownDto {
  groups: ReportGroupDto[];
  groupsTotal: number;
  clauses: ReportClauseDto[];
  clausesTotal: number;
}

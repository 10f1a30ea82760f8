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

/**
 * Bidder engagement: what the viewer reports of a bidder's reading (visible seconds per page, in
 * batches), the bounds the server holds it to, and the score shown beside each group with its formula.
 */

/** How often the viewer sends what was read; it also sends when the page is hidden or closed. */
export const VIEW_BATCH_SECONDS = 15;
/** The most seconds one batch may add to one page: a batch covers ~15 s, late batches a little more. */
export const MAX_PAGE_SECONDS_PER_BATCH = 60;
/** The most seconds one batch may add over all its pages (two or three pages can be in view at once). */
export const MAX_SECONDS_PER_BATCH = 180;
/** The most seconds one page counts in one opening (a session's reading of a document). */
export const MAX_PAGE_SECONDS_PER_SESSION = 30 * 60;
/** The most seconds one opening counts over all its pages. */
export const MAX_SECONDS_PER_SESSION = 4 * 60 * 60;
/** The most pages one batch names. */
export const MAX_PAGES_PER_BATCH = 50;
/** The highest page number taken (no deal document is longer). */
export const MAX_PAGE_NUMBER = 5000;

/** A group's reading, as the engagement figures count it. */
export interface EngagementFigures {
  documentsOpened: number;
  pagesRead: number;
  totalSeconds: number;
}

export const SCORE_WEIGHTS = { document: 10, page: 2, minute: 1 } as const;
export const SCORE_MAX = 100;

/** The score's formula in words: shown in the tracker, the API description and the CSV. */
export const ENGAGEMENT_FORMULA = `Score = ${SCORE_WEIGHTS.document} × documents opened + ${SCORE_WEIGHTS.page} × pages read + ${SCORE_WEIGHTS.minute} × minutes of reading, at most ${SCORE_MAX}.`;

/** The engagement score of a group (0 to 100), by ENGAGEMENT_FORMULA; minutes are whole minutes read. */
export function engagementScore({ documentsOpened, pagesRead, totalSeconds }: EngagementFigures): number {
  const raw =
    SCORE_WEIGHTS.document * documentsOpened +
    SCORE_WEIGHTS.page * pagesRead +
    SCORE_WEIGHTS.minute * Math.floor(totalSeconds / 60);
  return Math.min(SCORE_MAX, raw);
}

/** Seconds in words for the tracker: "45 s", "12 min", "2 h 5 min". */
export function readingTime(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest ? `${Math.floor(minutes / 60)} h ${rest} min` : `${Math.floor(minutes / 60)} h`;
}

/**
 * One batch as the server counts it: each page's seconds capped per batch, then the batch's total
 * capped (pages taken in the order sent), then each page's and the opening's running totals capped.
 * `sofar` holds the seconds already counted for each page of this opening.
 */
export function boundedBatch(
  pages: ReadonlyArray<{ page: number; seconds: number }>,
  sofar: ReadonlyMap<number, number>,
): Array<{ page: number; seconds: number }> {
  let batchLeft = MAX_SECONDS_PER_BATCH;
  let sessionLeft = Math.max(0, MAX_SECONDS_PER_SESSION - [...sofar.values()].reduce((a, b) => a + b, 0));
  const out: Array<{ page: number; seconds: number }> = [];
  for (const { page, seconds } of pages) {
    const pageLeft = Math.max(0, MAX_PAGE_SECONDS_PER_SESSION - (sofar.get(page) ?? 0));
    const counted = Math.min(Math.floor(seconds), MAX_PAGE_SECONDS_PER_BATCH, batchLeft, sessionLeft, pageLeft);
    batchLeft -= counted;
    sessionLeft -= counted;
    out.push({ page, seconds: counted });
  }
  return out;
}

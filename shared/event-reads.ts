/**
 * When an event counts as read by someone without their opening the feed: they wrote it, or they
 * watched it arrive on the page it concerns, its NDA's page (the review page, where the thread, the
 * reply or the signature appears as it happens). The server writes the read mark for everyone who has
 * that page open when the event is recorded; the page's own browser counts it read as it arrives, so
 * the unread badge never rises for it.
 */

/** The NDA whose page an event concerns, or null for an event of no NDA (a project, a group). */
export function eventPageNda(event: { nda: number | null }): number | null {
  return event.nda;
}

/** Whether `userId` read the event as it arrived; `hasNdaOpen` answers whether they had that NDA's page open. */
export function readOnArrival(
  event: { nda: number | null; authorId: number | null },
  userId: number,
  hasNdaOpen: (ndaId: number) => boolean,
): boolean {
  if (event.authorId === userId) return true;
  const nda = eventPageNda(event);
  return nda !== null && hasNdaOpen(nda);
}

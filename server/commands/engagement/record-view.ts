import { sql } from 'kysely';
import { boundedBatch } from '@shared/engagement.js';
import type { ViewBatchInput } from '@shared/schemas/engagement.js';
import type { Core } from '@server/core.js';
import type { Tx } from '@server/db/transaction.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeDealDocument, documentReleases } from '@server/policies/deal-documents.js';
import { authorizeNda } from '@server/policies/nda.js';
import { recordDocumentOpened } from './record-document-opened.js';

/** An opening ends after this long without a batch; the next batch opens another. */
const OPENING_IDLE_MINUTES = 30;

interface ViewTarget {
  projectId: number;
  projectBranchId: number;
  dealDocumentId: number | null;
  ndaId: number | null;
}

export interface RecordedView {
  /** False for the sending team, whose own reading is not engagement and is not recorded. */
  recorded: boolean;
  /** The seconds counted for each page of the batch, after the bounds (shared/engagement.ts). */
  pages: Array<{ page: number; seconds: number }>;
}

/**
 * Records a batch of a bidder's visible time on the pages of a deal document released to them or of
 * their group's NDA: the opening (per sign-in session and document) is found or started, each page's
 * seconds are added within the bounds, and the group's first opening of a deal document is the event
 * document_opened. A document the actor may not see is 404; the sending team's reading is answered
 * and not recorded.
 */
export async function recordView(
  core: Core,
  { actor, input, ip }: { actor: Actor; input: ViewBatchInput; ip: string },
): Promise<RecordedView> {
  const target =
    input.document !== undefined
      ? await dealDocumentTarget(core, actor, input.document)
      : await ndaTarget(core, actor, input.nda!);
  if (!target) return { recorded: false, pages: [] };
  return core.tx(async (tx) => {
    // One batch of a reader at a time, so two tabs' batches neither open two openings nor pass the caps.
    await tx.db.selectFrom('users').select('id').where('id', '=', actor.user.id).forNoKeyUpdate().execute();
    const viewId = await currentOpening(tx, actor, target);
    const sofar = await tx.db
      .selectFrom('documentViewPages')
      .select(['page', 'seconds'])
      .where('viewId', '=', viewId)
      .execute();
    const pages = boundedBatch(input.pages, new Map(sofar.map((p) => [p.page, p.seconds])));
    await tx.db
      .insertInto('documentViewPages')
      .values(pages.map((p) => ({ viewId, page: p.page, seconds: p.seconds })))
      .onConflict((oc) =>
        oc.columns(['viewId', 'page']).doUpdateSet((eb) => ({
          seconds: eb('documentViewPages.seconds', '+', eb.ref('excluded.seconds')),
        })),
      )
      .execute();
    if (target.dealDocumentId !== null)
      await recordDocumentOpened(core, tx, {
        actor,
        projectId: target.projectId,
        projectBranchId: target.projectBranchId,
        documentId: target.dealDocumentId,
        ip,
      });
    return { recorded: true, pages };
  });
}

/** The reader's opening of this document in this session, still going, or a new one. */
async function currentOpening(tx: Tx, actor: Actor, target: ViewTarget): Promise<number> {
  const going = await tx.db
    .updateTable('documentViews')
    .set({ lastSeenAt: sql`now()` })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('documentViews')
        .select('id')
        .where('sessionId', '=', actor.sessionId)
        .where('userId', '=', actor.user.id)
        .where(
          target.dealDocumentId !== null ? 'dealDocumentId' : 'ndaId',
          '=',
          (target.dealDocumentId ?? target.ndaId)!,
        )
        .where('lastSeenAt', '>', sql<Date>`now() - make_interval(mins => ${OPENING_IDLE_MINUTES})`)
        .orderBy('id', 'desc')
        .limit(1),
    )
    .returning('id')
    .executeTakeFirst();
  if (going) return going.id;
  const opened = await tx.db
    .insertInto('documentViews')
    .values({ ...target, userId: actor.user.id, sessionId: actor.sessionId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return opened.id;
}

/** A deal document as a bidder reads it: in the first of their groups it reached. */
async function dealDocumentTarget(core: Core, actor: Actor, documentId: number): Promise<ViewTarget | null> {
  const doc = await core.db
    .selectFrom('dealDocuments')
    .select('projectId')
    .where('id', '=', documentId)
    .executeTakeFirst();
  if (!doc) throw AppError.notFound();
  const { access } = await authorizeDealDocument(core.db, actor, doc.projectId, documentId);
  if (access !== 'signer') return null;
  const releases = await documentReleases(core.db, { projectId: doc.projectId, userId: actor.user.id, documentId });
  const first = releases.sort((a, b) => a.releasedAt.getTime() - b.releasedAt.getTime())[0];
  if (!first) throw AppError.notFound();
  return { projectId: doc.projectId, projectBranchId: first.projectBranchId, dealDocumentId: documentId, ndaId: null };
}

/** A group's NDA as one of its bidders reads it. */
async function ndaTarget(core: Core, actor: Actor, ndaId: number): Promise<ViewTarget | null> {
  const { nda, access } = await authorizeNda(core.db, actor, ndaId, 'view');
  if (access !== 'signer' || nda.projectBranchId === null) return null;
  return { projectId: nda.projectId, projectBranchId: nda.projectBranchId, dealDocumentId: null, ndaId: nda.id };
}

import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Core } from '@server/core.js';
import type { DealDocumentRow, UserRow } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { displayName } from '@server/presenters/thread.js';
import type { BlobStream, RangeRequest } from '@server/services/blob-store.js';
import { randomToken } from '@server/services/tokens.js';
import type { WatermarkError } from '@server/services/watermark/watermark-pool.js';

/** Whose copy of which file, and which part of it (`range`: all of it when absent). */
interface FileRequest {
  document: DealDocumentRow;
  user: UserRow;
  ip: string;
  range?: RangeRequest;
}

/**
 * A deal document's file as the actor may have it: the original for the sending team; for a bidder
 * (`releasedAt` set by authorizeDealDocument) their own watermarked copy. Every door that serves a
 * deal document's bytes goes through here. A `range` reads part of it (the viewer reads a large
 * document by range); a bidder's copy is made whole on their first request, whatever it asks for.
 */
export function openDealDocumentFile(
  core: Core,
  { releasedAt, ...request }: FileRequest & { releasedAt: Date | null },
): Promise<BlobStream> {
  return releasedAt ? watermarkedCopy(core, request) : original(core, request.document, request.range);
}

async function original(core: Core, document: DealDocumentRow, range?: RangeRequest): Promise<BlobStream> {
  const file = await core.blobs.open(document.fileKey, range);
  if (!file) throw AppError.notFound();
  return file;
}

/**
 * The document stamped for one bidder on every page (services/watermark), kept in the blob store per
 * document and viewer. The stamp's time and IP are those of the viewer's first fetch of the document's
 * current file: later fetches stream the same kept copy, so a copy is stamped once, not at each
 * download (and a leaked copy dates from when the viewer first had it). A replaced file is stamped
 * anew at the next fetch; a replaced or deleted file's copies are removed with it
 * (commands/deal-documents/drop-watermarked-copies.ts), and one of an older file is never served.
 */
export async function watermarkedCopy(
  core: Core,
  { document, user, ip, range }: FileRequest,
  retried = false,
): Promise<BlobStream> {
  const kept = await core.db
    .selectFrom('dealDocumentCopies')
    .select(['sourceKey', 'blobKey'])
    .where('documentId', '=', document.id)
    .where('userId', '=', user.id)
    .executeTakeFirst();
  // A kept copy whose file has gone missing from the blob store is stamped again.
  let missing: string | null = null;
  if (kept?.sourceKey === document.fileKey) {
    const blob = await core.blobs.open(kept.blobKey, range);
    if (blob) return blob;
    missing = kept.blobKey;
  }
  const made = await stampCopy(core, { document, user, ip });
  const outcome = await core.tx(async (tx) => {
    // Shared with the replacement or deletion of the file, which lock the document's row first.
    const current = await tx.db
      .selectFrom('dealDocuments')
      .selectAll()
      .where('id', '=', document.id)
      .forShare()
      .executeTakeFirst();
    if (current?.fileKey !== document.fileKey) return { stale: current ?? null };
    await tx.db
      .insertInto('dealDocumentCopies')
      .values(made)
      .onConflict((oc) => oc.columns(['documentId', 'userId']).doNothing())
      .execute();
    const row = await tx.db
      .selectFrom('dealDocumentCopies')
      .select(['sourceKey', 'blobKey'])
      .where('documentId', '=', document.id)
      .where('userId', '=', user.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    // Another fetch of the same file kept its copy first: that one is served.
    if (row.blobKey === made.blobKey || (row.sourceKey === document.fileKey && row.blobKey !== missing))
      return { blobKey: row.blobKey };
    await tx.db
      .updateTable('dealDocumentCopies')
      .set({
        sourceKey: made.sourceKey,
        blobKey: made.blobKey,
        ip: made.ip,
        stampedAt: made.stampedAt,
        pages: made.pages,
      })
      .where('documentId', '=', document.id)
      .where('userId', '=', user.id)
      .execute();
    tx.afterCommit(() => core.blobs.delete(row.blobKey));
    return { blobKey: made.blobKey };
  });
  if (!('blobKey' in outcome) || outcome.blobKey !== made.blobKey)
    await core.blobs.delete(made.blobKey).catch(() => undefined);
  if ('stale' in outcome) {
    // The file was deleted meanwhile, or replaced: the new one is stamped instead.
    if (!outcome.stale || retried) throw AppError.notFound();
    return watermarkedCopy(core, { document: outcome.stale, user, ip, range }, true);
  }
  const blob = await core.blobs.open(outcome.blobKey, range);
  if (!blob) throw AppError.notFound();
  return blob;
}

/**
 * Stamps the document's file for the viewer in the watermark worker and stores the copy. The file goes
 * to the worker through a temporary file, streamed both ways: the main thread never holds it whole.
 */
async function stampCopy(core: Core, { document, user, ip }: { document: DealDocumentRow; user: UserRow; ip: string }) {
  const company = user.companyId
    ? await core.db.selectFrom('companies').select('name').where('id', '=', user.companyId).executeTakeFirst()
    : undefined;
  const stampedAt = new Date();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'watermark-'));
  try {
    const source = path.join(dir, 'source.pdf');
    const target = path.join(dir, 'copy.pdf');
    const file = await original(core, document);
    await pipeline(file.body, createWriteStream(source));
    const { pages } = await core.watermarks
      .stamp(source, target, {
        name: displayName(user) === user.email ? '' : displayName(user),
        company: company?.name ?? '',
        email: user.email,
        at: stampedAt.toISOString(),
        ip,
      })
      .catch((err: WatermarkError) => {
        core.log.error({ documentId: document.id, why: err.why }, 'a watermarked copy could not be made');
        throw err;
      });
    const blobKey = `projects/p${document.projectId}/copies/d${document.id}-u${user.id}-${randomToken(12)}.pdf`;
    await core.blobs.putStream(blobKey, createReadStream(target), 'application/pdf');
    return { documentId: document.id, userId: user.id, sourceKey: document.fileKey, blobKey, ip, stampedAt, pages };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

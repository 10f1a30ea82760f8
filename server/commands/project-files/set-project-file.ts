import { pdfDownloadName } from '@server/services/download-name.js';
import { DOCUMENT_FILE_MESSAGES } from '@shared/schemas/ndas.js';
import type { Core } from '@server/core.js';
import type { ProjectRow } from '@server/db/schema.js';
import type { Tx } from '@server/db/transaction.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import type { ProjectFileKind } from '@server/policies/nda.js';
import { authorizeProject } from '@server/policies/project.js';
import { preparePdf } from '@server/services/documents.js';
import { randomToken } from '@server/services/tokens.js';
import { announceReleases } from '../deal-documents/announce-releases.js';
import { dropWatermarkedCopies } from '../deal-documents/drop-watermarked-copies.js';
import type { Upload } from '../ndas/store-nda-document.js';

export interface StoredProjectFile {
  kind: ProjectFileKind;
  key: string;
  name: string;
}

/** Step 1, outside any transaction: checks the upload (PDF, DOC, DOCX, ODT; 3 MB) and stores it as a new blob. */
export async function storeProjectFile(
  core: Core,
  { projectId, kind, upload }: { projectId: number; kind: ProjectFileKind; upload: Upload | null },
): Promise<StoredProjectFile> {
  if (!upload) throw AppError.fields('upload_invalid', { [kind]: DOCUMENT_FILE_MESSAGES[kind] });
  const pdf = await preparePdf(core.converter, upload, kind);
  const key = `projects/p${projectId}/${kind}-${randomToken(12)}.pdf`;
  await core.blobs.put(key, pdf.body, 'application/pdf');
  return { kind, key, name: pdfDownloadName(upload.filename, kind) };
}

/**
 * Step 2, inside the caller's transaction: points the project at the new file; the old one, and its
 * bidders' watermarked copies, are removed after commit.
 */
export async function applyProjectFile(
  core: Core,
  tx: Tx,
  { projectId, file }: { projectId: number; file: StoredProjectFile },
): Promise<ProjectRow> {
  const before = await tx.db
    .selectFrom('projects')
    .select(['teaserKey', 'cimKey'])
    .where('id', '=', projectId)
    .forUpdate()
    .executeTakeFirst();
  if (!before) throw AppError.notFound();
  const row = await tx.db
    .updateTable('projects')
    .set(
      file.kind === 'teaser'
        ? { teaserKey: file.key, teaserName: file.name }
        : { cimKey: file.key, cimName: file.name },
    )
    .where('id', '=', projectId)
    .returningAll()
    .executeTakeFirstOrThrow();
  const old = file.kind === 'teaser' ? before.teaserKey : before.cimKey;
  if (old && old !== file.key) {
    // Trigger projects_deal_documents has pointed the document at the new file: its copies go.
    await dropWatermarkedCopies(core, tx, { projectId, kind: file.kind });
    tx.afterCommit(() => core.blobs.delete(old));
  }
  return row;
}

/** Removes a stored file whose transaction failed. */
export async function discardProjectFile(core: Core, file: StoredProjectFile): Promise<void> {
  await core.blobs.delete(file.key).catch(() => undefined);
}

/**
 * Sets a project's teaser or CIM (field 'teaser' / 'cim' of PATCH /projects/projects/{id}/), for its
 * managers. A caller that updates other project fields in its own transaction uses the three steps above.
 */
export async function setProjectFile(
  core: Core,
  { actor, projectId, kind, upload }: { actor: Actor; projectId: number; kind: ProjectFileKind; upload: Upload | null },
): Promise<ProjectRow> {
  await authorizeProject(core.db, actor, projectId, 'change');
  const file = await storeProjectFile(core, { projectId, kind, upload });
  try {
    return await core.tx(async (tx) => {
      const row = await applyProjectFile(core, tx, { projectId, file });
      await announceReleases(core, tx, { projectId });
      return row;
    });
  } catch (err) {
    await discardProjectFile(core, file);
    throw err;
  }
}

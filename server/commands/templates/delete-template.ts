import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeTemplate } from '@server/policies/nda.js';

/**
 * Deletes a template of the actor's company. NDAs made from it keep their own copy of the file (their
 * template reference becomes null); the template's PDF and preview are removed after commit.
 */
export async function deleteTemplate(
  core: Core,
  { actor, templateId }: { actor: Actor; templateId: number },
): Promise<void> {
  await authorizeTemplate(core.db, actor, templateId);
  await core.tx(async (tx) => {
    const row = await tx.db
      .deleteFrom('ndaTemplates')
      .where('id', '=', templateId)
      .returning(['fileKey', 'previewKey'])
      .executeTakeFirst();
    if (!row) throw AppError.notFound();
    tx.afterCommit(async () => {
      await core.blobs.delete(row.fileKey);
      if (row.previewKey) await core.blobs.delete(row.previewKey);
    });
  });
}

import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeTemplate } from '@server/policies/nda.js';
import type { Blob } from '@server/services/blob-store.js';

/** A template's PDF or its first-page preview (PNG); 404 when not the actor's or when no preview could be rendered. */
export async function readTemplateFile(
  core: Core,
  { actor, templateId, kind }: { actor: Actor; templateId: number; kind: 'pdf' | 'preview' },
): Promise<{ blob: Blob; filename: string }> {
  const row = await authorizeTemplate(core.db, actor, templateId);
  const key = kind === 'pdf' ? row.fileKey : row.previewKey;
  const blob = key ? await core.blobs.get(key) : null;
  if (!blob) throw AppError.notFound();
  return { blob, filename: kind === 'pdf' ? `${row.name}.pdf` : `${row.name}-preview.png` };
}

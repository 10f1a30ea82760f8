import { z } from 'zod';
import { type FileLike, optionalDocument } from './documents.js';
import { maxMessage } from './fields.js';
import { MAX_NDA_NAME, NDA_MESSAGES } from './ndas.js';

/** What a form holds while its NDA is being chosen: a name and a file or one of the company's templates. */
export interface NdaSourceValues {
  ndaName: string;
  ndaMode: 'file' | 'template';
  ndaFile: FileLike | null;
  ndaTemplate: { id: number; name: string } | null;
}

export const ndaSourceFormFields = {
  ndaName: z.string(),
  ndaMode: z.enum(['file', 'template']),
  ndaFile: optionalDocument,
  ndaTemplate: z.object({ id: z.number(), name: z.string() }).nullable(),
};

/**
 * The spec's rules (section 5): a name of at most 30 characters, and a file or a template, unless the
 * NDA exists already and keeps its document (sourceRequired false).
 */
export function checkNdaSource(
  values: NdaSourceValues,
  ctx: z.RefinementCtx,
  { sourceRequired = true }: { sourceRequired?: boolean } = {},
): void {
  const name = values.ndaName.trim();
  if (!name) ctx.addIssue({ code: 'custom', path: ['ndaName'], message: NDA_MESSAGES.name });
  else if (name.length > MAX_NDA_NAME)
    ctx.addIssue({ code: 'custom', path: ['ndaName'], message: maxMessage(MAX_NDA_NAME) });
  if (!sourceRequired) return;
  if (values.ndaMode === 'file' && !values.ndaFile)
    ctx.addIssue({ code: 'custom', path: ['ndaFile'], message: NDA_MESSAGES.source });
  if (values.ndaMode === 'template' && !values.ndaTemplate)
    ctx.addIssue({ code: 'custom', path: ['ndaTemplate'], message: NDA_MESSAGES.template });
}

/** The project NDA's page: a new NDA needs its document; an existing one keeps its own unless another is chosen. */
export function ndaSourceFormSchema(options: { sourceRequired: boolean }) {
  return z.object(ndaSourceFormFields).superRefine((v, ctx) => checkNdaSource(v, ctx, options));
}

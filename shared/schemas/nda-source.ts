import { z } from 'zod';
import { maxMessage } from './fields.js';
import { MAX_NDA_NAME, NDA_MESSAGES } from './ndas.js';

/** What a form holds while its NDA is being chosen: a name and a file or one of the company's templates. */
export interface NdaSourceValues {
  ndaName: string;
  ndaMode: 'file' | 'template';
  ndaFile: unknown;
  ndaTemplate: { id: number; name: string } | null;
}

export const ndaSourceFormFields = {
  ndaName: z.string(),
  ndaMode: z.enum(['file', 'template']),
  ndaFile: z.any(),
  ndaTemplate: z.object({ id: z.number(), name: z.string() }).nullable(),
};

/** The spec's rules (section 5): a name of at most 30 characters, and a file or a template. */
export function checkNdaSource(values: NdaSourceValues, ctx: z.RefinementCtx): void {
  const name = values.ndaName.trim();
  if (!name) ctx.addIssue({ code: 'custom', path: ['ndaName'], message: NDA_MESSAGES.name });
  else if (name.length > MAX_NDA_NAME)
    ctx.addIssue({ code: 'custom', path: ['ndaName'], message: maxMessage(MAX_NDA_NAME) });
  if (values.ndaMode === 'file' && !values.ndaFile)
    ctx.addIssue({ code: 'custom', path: ['ndaFile'], message: NDA_MESSAGES.source });
  if (values.ndaMode === 'template' && !values.ndaTemplate)
    ctx.addIssue({ code: 'custom', path: ['ndaTemplate'], message: NDA_MESSAGES.template });
}

import { MAX_NDA_NAME, NDA_MESSAGES } from '@shared/schemas/ndas';
import type { NdaSource } from './api/ndas';

/** An NDA being chosen on a form: its name and its source (an uploaded file or a template). */
export interface NdaDraft {
  name: string;
  mode: 'file' | 'template';
  file: File | null;
  template: { id: number; name: string } | null;
}

export const EMPTY_NDA_DRAFT: NdaDraft = { name: '', mode: 'file', file: null, template: null };

export interface NdaDraftErrors {
  name?: string;
  source?: string;
}

/** The spec's messages (section 5): a name (max 30), and a file or a template. */
export function ndaDraftErrors(draft: NdaDraft, options: { sourceRequired: boolean }): NdaDraftErrors {
  const errors: NdaDraftErrors = {};
  const source = ndaSourceOf(draft);
  const name = draft.name.trim();
  if (!name && (source || options.sourceRequired)) errors.name = NDA_MESSAGES.name;
  else if (name.length > MAX_NDA_NAME) errors.name = `Ensure this field has no more than ${MAX_NDA_NAME} characters.`;
  if (!source && options.sourceRequired)
    errors.source = draft.mode === 'template' ? NDA_MESSAGES.template : NDA_MESSAGES.source;
  return errors;
}

export function ndaSourceOf(draft: NdaDraft): NdaSource | null {
  if (draft.mode === 'file' && draft.file) return { kind: 'file', file: draft.file };
  if (draft.mode === 'template' && draft.template) return { kind: 'template', template: draft.template.id };
  return null;
}

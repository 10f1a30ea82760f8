import { z } from 'zod';
import { requiredDocument } from './documents.js';
import { maxMessage } from './fields.js';
import { DOCUMENT_FILE_MESSAGES, idValue, optionalId, pageFields } from './ndas.js';

/** NDA templates (spec 2, Templates and Add NDA template). Cards cut names to 30 characters; the name itself may be longer. */
export const TEMPLATE_PAGE_SIZE = 9;
export const TEMPLATE_CARD_NAME_LENGTH = 30;
export const MAX_TEMPLATE_NAME = 255;

export const TEMPLATE_MESSAGES = {
  name: 'enter NDA template name',
  file: DOCUMENT_FILE_MESSAGES.template,
} as const;

export const templateName = z
  .string({ error: TEMPLATE_MESSAGES.name })
  .trim()
  .min(1, TEMPLATE_MESSAGES.name)
  .max(MAX_TEMPLATE_NAME, maxMessage(MAX_TEMPLATE_NAME));

export const templateCreateInput = z.object({ name: templateName });
export type TemplateCreateInput = z.infer<typeof templateCreateInput>;

export const templateRenameInput = z.object({ name: templateName });

/** Add NDA template: its name and its document. */
export const addTemplateFormSchema = z.object({ name: templateName, file: requiredDocument(TEMPLATE_MESSAGES.file) });

const filterText = z.string().trim().max(MAX_TEMPLATE_NAME, maxMessage(MAX_TEMPLATE_NAME)).optional();

/** ?name= (or ?search=) filters by name; ?projects=<id> keeps templates used by NDAs of that project. Newest first. */
export const templateListInput = z.object({
  name: filterText,
  search: filterText,
  projects: optionalId,
  ...pageFields(TEMPLATE_PAGE_SIZE),
});
export type TemplateListInput = z.infer<typeof templateListInput>;

export const templateIdInput = z.object({ id: idValue });
export const templateRenameByIdInput = templateRenameInput.extend({ id: idValue });

/** A card title: 30 characters plus an ellipsis when longer. */
export function templateCardName(name: string): string {
  return name.length > TEMPLATE_CARD_NAME_LENGTH ? `${name.slice(0, TEMPLATE_CARD_NAME_LENGTH)}…` : name;
}

import { NDA_MESSAGES } from '@shared/schemas/ndas.js';
import type { Core } from '@server/core.js';
import type { NdaRow, ProjectRow } from '@server/db/schema.js';
import type { Tx } from '@server/db/transaction.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { copyTemplatePlaybook } from '../playbooks/set-playbook.js';
import { copyTemplateFields } from './copy-signature-fields.js';
import { type NdaDocument, type NdaSource, storeNdaDocument, type Upload } from './store-nda-document.js';

/** The NDA fields of a call that creates a project or a group with its NDA (nda_name, nda_template, nda_file). */
export interface NewNdaFields {
  ndaName?: string;
  ndaTemplate?: number;
}

export type NewNdaSource = NdaSource & { name: string };

/** The messages of storeNdaDocument, under the create call's own field names. */
const FIELD_NAMES: Record<string, string> = { file: 'ndaFile', template: 'ndaTemplate' };

/** Which NDA a create call brings, checked before any file work: none (null), or its name and source. */
export function newNdaSource({ fields, upload }: { fields: NewNdaFields; upload?: Upload }): NewNdaSource | null {
  if (fields.ndaTemplate === undefined && !upload) {
    if (fields.ndaName !== undefined) throw AppError.fields('nda_source_invalid', { ndaFile: NDA_MESSAGES.source });
    return null;
  }
  if (fields.ndaTemplate !== undefined && upload)
    throw AppError.fields('nda_source_invalid', { ndaFile: NDA_MESSAGES.bothSources });
  if (fields.ndaName === undefined) throw AppError.fields('invalid_input', { ndaName: NDA_MESSAGES.name });
  return { name: fields.ndaName, template: fields.ndaTemplate, upload: upload ?? null };
}

/**
 * Step 1, before the transaction: checks, converts and stores the NDA's document (storeNdaDocument).
 * The caller deletes `fileKey` when its transaction fails.
 */
export async function storeNewNda(
  core: Core,
  options: { actor: Actor; project: Pick<ProjectRow, 'id' | 'companyId'>; source: NewNdaSource },
): Promise<NdaDocument> {
  try {
    return await storeNdaDocument(core, { actor: options.actor, project: options.project, ...options.source });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const body = Object.fromEntries(Object.entries(err.body).map(([key, v]) => [FIELD_NAMES[key] ?? key, v]));
    throw new AppError(err.kind, err.reason, body, err.headers);
  }
}

/** Step 2, inside the caller's transaction: the NDA row of a new project (branchId null) or group, with its template's fields. */
export async function insertNewNda(
  tx: Tx,
  nda: { projectId: number; branchId: number | null; name: string; doc: NdaDocument },
): Promise<NdaRow> {
  // Database trigger ndas_report_states (migration 2026_11_23_0050) recounts the reports' NDAs by state.
  const row = await tx.db
    .insertInto('ndas')
    .values({ projectId: nda.projectId, projectBranchId: nda.branchId, name: nda.name, ...nda.doc })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (row.templateId !== null) await copyTemplateFields(tx, { templateId: row.templateId, ndaId: row.id });
  if (row.templateId !== null && nda.branchId === null)
    await copyTemplatePlaybook(tx, { templateId: row.templateId, projectId: nda.projectId });
  return row;
}

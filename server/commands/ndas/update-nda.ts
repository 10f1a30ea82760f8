import { NDA_MESSAGES, type NdaUpdateInput } from '@shared/schemas/ndas.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeNda } from '@server/policies/nda.js';
import type { Upload } from './store-nda-document.js';
import { editNda } from './edit-nda.js';
import { setNdaRecalled } from './set-nda-recalled.js';

/**
 * PATCH of an NDA (the spec's one call for several uses): isRecalled true recalls, false restores, and
 * either must come alone; an isRecalled equal to the current state beside other fields is ignored (forms
 * that always send it). Otherwise name, template or file edit the NDA.
 */
export async function updateNda(
  core: Core,
  {
    actor,
    ndaId,
    input,
    upload,
    ip,
  }: { actor: Actor; ndaId: number; input: NdaUpdateInput; upload: Upload | null; ip?: string },
) {
  const { nda } = await authorizeNda(core.db, actor, ndaId, 'change');
  const editing = input.name !== undefined || input.template !== undefined || !!upload;
  if (input.isRecalled !== undefined && !(editing && input.isRecalled === nda.isRecalled)) {
    if (editing) throw AppError.nonField('invalid_input', NDA_MESSAGES.recallAlone);
    return setNdaRecalled(core, { actor, ndaId, move: input.isRecalled ? 'recall' : 'restore', ip });
  }
  return editNda(core, { actor, ndaId, name: input.name, template: input.template, upload });
}

import type { Core } from '../../core.js';
import type { Actor } from '../../policies/actor.js';
import { authorizeNda } from '../../policies/nda.js';
import { type NdaDto, presentNda } from '../../presenters/nda.js';

export async function getNda(core: Core, actor: Actor, ndaId: number): Promise<NdaDto> {
  const { nda } = await authorizeNda(core.db, actor, ndaId, 'view');
  return presentNda(nda);
}

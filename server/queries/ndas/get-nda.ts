import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeNda } from '@server/policies/nda.js';
import { type NdaDto, presentNda } from '@server/presenters/nda.js';

export async function getNda(core: Core, { actor, ndaId }: { actor: Actor; ndaId: number }): Promise<NdaDto> {
  const { nda } = await authorizeNda(core.db, actor, ndaId, 'view');
  return presentNda(nda);
}

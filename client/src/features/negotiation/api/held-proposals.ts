import type { HeldProposalDto } from '@shared/dto';
import { trpc } from '@client/lib/trpc';

type Held = HeldProposalDto[] | undefined;

/** Adds a held proposal once (this browser's own answer and its live echo are the same). */
export function upsertHeld(list: Held, held: HeldProposalDto): Held {
  if (!list || list.some((h) => h.id === held.id)) return list;
  return [...list, held].sort((a, b) => a.id - b.id);
}

export function removeHeld(list: Held, id: number): Held {
  return list?.filter((h) => h.id !== id);
}

/** The NDA's proposals awaiting approval: asked for on the sending team's page only. */
export function useHeldProposals(ndaId: number, enabled: boolean) {
  return trpc.proposals.held.useQuery({ nda: ndaId }, { enabled: enabled && ndaId > 0 });
}

/** Releases or discards a held proposal (approvers only); the list drops it at once. */
export function useSettleHeld(ndaId: number) {
  const utils = trpc.useUtils();
  const drop = (held: HeldProposalDto) =>
    utils.proposals.held.setData({ nda: ndaId }, (list) => removeHeld(list, held.id));
  return {
    release: trpc.proposals.release.useMutation({ onSuccess: drop }),
    discard: trpc.proposals.discard.useMutation({ onSuccess: drop }),
  };
}

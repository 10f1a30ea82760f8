import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { trpc } from '@client/lib/trpc';
import type { Nda, Viewer } from '../types';
import { restBlob } from '@client/lib/rest';
import { negotiationKeys } from './query-keys';

export function useNda(ndaId: number | null) {
  return trpc.ndas.get.useQuery({ id: ndaId ?? 0 }, { enabled: ndaId !== null });
}

/**
 * The NDA's PDF bytes, keyed by the NDA's `file`, whose version changes once it is signed (the sealed
 * document) and while its seal is pending (the document as sent: there is no signed file yet). A
 * signature announced live shows once the NDA read again brings its new address.
 */
export function useNdaPdf(nda: Nda | undefined) {
  return useQuery({
    queryKey: negotiationKeys.pdf(nda?.id ?? 0, nda?.file ?? ''),
    queryFn: async ({ signal }) => (await restBlob(nda!.file, signal)).arrayBuffer(),
    enabled: !!nda,
    staleTime: Infinity,
    // The document on screen stays while its signed version loads.
    placeholderData: keepPreviousData,
  });
}

/** Who else has the NDA open, as the socket last reported (filled by live-updates.ts). */
export function useViewers(ndaId: number | null): Viewer[] {
  const queryClient = useQueryClient();
  const key = negotiationKeys.presence(ndaId ?? 0);
  const { data } = useQuery({
    queryKey: key,
    queryFn: () => queryClient.getQueryData<Viewer[]>(key) ?? [],
    enabled: ndaId !== null,
    staleTime: Infinity,
    gcTime: 0,
  });
  return data ?? [];
}

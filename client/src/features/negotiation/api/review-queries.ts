import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { permissionFlags } from '../../../../../shared/permissions';
import { trpc } from '../../../lib/trpc';
import type { Nda, Viewer } from '../types';
import { restBlob } from '../../../lib/rest';
import { negotiationKeys } from './query-keys';

/** The project (the same cache entry as the projects feature's dashboard). */
export function useProject(projectId: number) {
  return trpc.projects.get.useQuery({ id: projectId }, { enabled: projectId > 0 });
}

/** The group: its NDA, whether it allows comments, and its signerships (a signer sees only their own). */
export function useBranch(branchId: number) {
  return trpc.groups.get.useQuery({ id: branchId }, { enabled: branchId > 0 });
}

export function useNda(ndaId: number | null) {
  return trpc.ndas.get.useQuery({ id: ndaId ?? 0 }, { enabled: ndaId !== null });
}

/**
 * The NDA's PDF bytes. Once signed the server serves the signed document at the same address, so the
 * signed state is part of the key.
 */
export function useNdaPdf(nda: Nda | undefined) {
  return useQuery({
    queryKey: negotiationKeys.pdf(nda?.id ?? 0, nda?.file ?? '', nda?.isSigned ?? false),
    queryFn: async ({ signal }) => (await restBlob(nda!.file, { signal })).arrayBuffer(),
    enabled: !!nda,
    staleTime: Infinity,
    // The document on screen stays while its signed version loads.
    placeholderData: keepPreviousData,
  });
}

/** The permission flags of the signed-in user (canAddPointer, canAddNegotiation, ...). */
export function usePermissionFlags(): Record<string, boolean> | undefined {
  const permissions = trpc.account.permissions.useQuery(undefined, { staleTime: 5 * 60_000 });
  return useMemo(() => (permissions.data ? permissionFlags(permissions.data.permissionsList) : undefined), [permissions.data]);
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

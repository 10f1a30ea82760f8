import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { type ColorStatus, groupColor } from '@shared/colors';
import { PROJECTS_PAGE_SIZE } from '@shared/schemas/projects';
import { trpc } from '@client/lib/trpc';
import { formData, restBlob, restRequest } from '@client/lib/rest';
import type { BranchDto } from '@client/lib/api-types';

type Dashboard = { count: number; results: BranchDto[] };

/**
 * The project's groups with their NDA and recipients, newest first: nine, then nine more with each
 * Load more (one query whose limit grows, so live refreshes keep every loaded group current).
 */
export function useDashboard(projectId: number, pages: number, enabled = true) {
  return trpc.groups.dashboard.useQuery(
    { project: projectId, limit: PROJECTS_PAGE_SIZE * pages },
    { enabled: enabled && projectId > 0, placeholderData: keepPreviousData },
  );
}

function dashboardKey(projectId: number) {
  return getQueryKey(trpc.groups.dashboard, { project: projectId }, 'query');
}

/** Sets a colour tag (a group's or one recipient's), showing it at once and undoing it when refused. */
export function useSetColor(projectId: number) {
  const client = useQueryClient();
  const branch = trpc.groups.update.useMutation();
  const signership = trpc.groups.setSignershipColor.useMutation();
  return useMutation({
    mutationFn: async ({ target, id, color }: { target: 'branch' | 'signership'; id: number; color: ColorStatus }) => {
      if (target === 'branch') await branch.mutateAsync({ id, colorStatus: color });
      else await signership.mutateAsync({ id, colorStatus: color });
    },
    onMutate: async ({ target, id, color }) => {
      const key = dashboardKey(projectId);
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueriesData<Dashboard>({ queryKey: key });
      client.setQueriesData<Dashboard>({ queryKey: key }, (data) =>
        data
          ? {
              ...data,
              results: data.results.map((b) => {
                if (target === 'branch')
                  return b.id === id
                    ? {
                        ...b,
                        colorStatus: color,
                        signerships: b.signerships.map((s) => ({ ...s, colorStatus: color })),
                      }
                    : b;
                if (!b.signerships.some((s) => s.id === id)) return b;
                const signerships = b.signerships.map((s) => (s.id === id ? { ...s, colorStatus: color } : s));
                return {
                  ...b,
                  signerships,
                  colorStatus: groupColor(signerships.map((s) => s.colorStatus)) ?? b.colorStatus,
                };
              }),
            }
          : data,
      );
      return { before };
    },
    onError: (_err, _vars, context) => {
      for (const [key, data] of (context as { before?: Array<[readonly unknown[], Dashboard | undefined]> } | undefined)
        ?.before ?? [])
        client.setQueryData(key, data);
    },
    onSettled: () => client.invalidateQueries({ queryKey: dashboardKey(projectId) }),
  });
}

export interface CsvUploadResult {
  detail: string;
  created: number;
  skipped: number;
  errors: Array<{ row: number; message: string }>;
}

/** 'Upload list of buyers': the CSV becomes contacts of the company (multipart). */
export function uploadBuyersCsv(projectId: number, file: File): Promise<CsvUploadResult> {
  return restRequest<CsvUploadResult>('POST', `/projects/upload_contact/${projectId}/`, { form: formData({ file }) });
}

export function fetchBuyersCsvTemplate(): Promise<Blob> {
  return restBlob('/projects/upload_contact/template/');
}

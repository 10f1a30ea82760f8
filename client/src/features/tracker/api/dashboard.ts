import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { type ColorStatus, groupColor } from '@shared/colors';
import { PROJECTS_PAGE_SIZE } from '@shared/schemas/projects';
import { trpc } from '@client/lib/trpc';
import { formData, restBlob, restRequest } from '@client/lib/rest';
import type { BranchDto, SignershipDto } from '@client/lib/api-types';
import { storeUpdatedBranch } from '@client/features/groups';

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

type ColorTarget = { target: 'branch' | 'signership'; id: number; color: ColorStatus };

/** A tracker page with one change made to the group it names (pages without it are left as they are). */
function changeGroup(
  data: Dashboard | undefined,
  find: (b: BranchDto) => boolean,
  change: (b: BranchDto) => BranchDto,
) {
  return data?.results.some(find) ? { ...data, results: data.results.map((b) => (find(b) ? change(b) : b)) } : data;
}

/** The group with one recipient's signership replaced; its shown colour follows (shared/colors.ts). */
function withSignership(branch: BranchDto, signership: SignershipDto): BranchDto {
  const signerships = branch.signerships.map((s) => (s.id === signership.id ? signership : s));
  return {
    ...branch,
    signerships,
    colorStatus: groupColor(signerships.map((s) => s.colorStatus)) ?? branch.colorStatus,
  };
}

/** The group as a colour tag leaves it: the group's tag tags every recipient in it. */
function tagged(branch: BranchDto, { target, id, color }: ColorTarget): BranchDto {
  if (target === 'branch')
    return {
      ...branch,
      colorStatus: color,
      signerships: branch.signerships.map((s) => ({ ...s, colorStatus: color })),
    };
  const signership = branch.signerships.find((s) => s.id === id);
  return signership ? withSignership(branch, { ...signership, colorStatus: color }) : branch;
}

/**
 * Sets a colour tag (a group's or one recipient's) in one call: shown at once, undone when refused,
 * and the answer (the group, or the recipient's signership) put in its place when it comes.
 */
export function useSetColor(projectId: number) {
  const client = useQueryClient();
  const utils = trpc.useUtils();
  const branch = trpc.groups.update.useMutation();
  const signership = trpc.groups.setSignershipColor.useMutation();
  const key = dashboardKey(projectId);
  const holds = ({ target, id }: ColorTarget) =>
    target === 'branch' ? (b: BranchDto) => b.id === id : (b: BranchDto) => b.signerships.some((s) => s.id === id);
  return useMutation({
    mutationFn: async (tag: ColorTarget) =>
      tag.target === 'branch'
        ? { branch: await branch.mutateAsync({ id: tag.id, colorStatus: tag.color }) }
        : { signership: await signership.mutateAsync({ id: tag.id, colorStatus: tag.color }) },
    onMutate: async (tag) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueriesData<Dashboard>({ queryKey: key });
      client.setQueriesData<Dashboard>({ queryKey: key }, (data) =>
        changeGroup(data, holds(tag), (b) => tagged(b, tag)),
      );
      return { before };
    },
    onSuccess: (answer, tag) => {
      if (answer.branch) storeUpdatedBranch(utils, answer.branch, { recipientsSent: false });
      else if (answer.signership) {
        const s = answer.signership;
        client.setQueriesData<Dashboard>({ queryKey: key }, (data) =>
          changeGroup(data, holds(tag), (b) => withSignership(b, s)),
        );
      }
    },
    onError: (_err, _tag, context) => {
      for (const [queryKey, data] of context?.before ?? []) client.setQueryData(queryKey, data);
    },
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

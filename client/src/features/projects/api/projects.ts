import type { Countersignature, ReleaseDocumentsOn } from '@shared/schemas/projects';
import { keepPreviousData, useMutation } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { PROJECTS_PAGE_SIZE, type ProjectFilter } from '@shared/schemas/projects';
import { trpc } from '@client/lib/trpc';
import { type FileByParts, formData, restFileByParts, restRequest } from '@client/lib/rest';
import type { ProjectDto } from '@client/lib/api-types';

/**
 * The projects feature's cache keys: the tRPC procedures' own keys, so a reader that fetches a project
 * through REST (the NDA page) shares the dashboard's entry, and invalidating one refreshes both.
 */
export const projectKeys = {
  lists: () => getQueryKey(trpc.projects.list),
  detail: (id: number) => getQueryKey(trpc.projects.get, { id }, 'query'),
};

export interface ProjectListParams {
  filter: ProjectFilter;
  search: string;
  page: number;
}

/** One page (9 cards) of the projects list. */
export function useProjectsPage(params: ProjectListParams) {
  return trpc.projects.list.useQuery(
    {
      filter: params.filter,
      search: params.search,
      limit: PROJECTS_PAGE_SIZE,
      offset: (params.page - 1) * PROJECTS_PAGE_SIZE,
    },
    { placeholderData: keepPreviousData },
  );
}

/** Every project the user may see (limit=-1): the template filter and the live subscriptions. */
export function useAllProjects(enabled = true) {
  return trpc.projects.list.useQuery({ filter: 'All', limit: -1 }, { enabled, staleTime: 60_000 });
}

export function useProject(id: number | null) {
  return trpc.projects.get.useQuery({ id: id ?? 0 }, { enabled: id !== null && id > 0 });
}

export interface NewProject {
  name: string;
  summary: string;
  members: number[];
  teaser: File | null;
  cim: File | null;
  /** The project NDA: its name with a file or a template id. */
  ndaName: string;
  ndaFile: File | null;
  ndaTemplate: number | null;
}

/** Creates a project with its NDA, teaser and CIM in one call: a multipart form, since the files travel with it. */
export function createProject(project: NewProject): Promise<ProjectDto> {
  return restRequest<ProjectDto>('POST', '/projects/projects/', { form: formData({ ...project }) });
}

/** The projects caches after a project changed: its own entry is replaced, the lists are read again. */
export function useStoreProject() {
  const utils = trpc.useUtils();
  return (project: ProjectDto) => {
    utils.projects.get.setData({ id: project.id }, project);
    void utils.projects.list.invalidate();
  };
}

export interface ProjectChanges {
  name?: string;
  summary?: string;
  members?: number[];
  isArchived?: boolean;
  disclosingPartyName?: string;
  disclosingPartyAddress?: string;
  signsAsAgent?: boolean;
  countersignature?: Countersignature;
  releaseDocumentsOn?: ReleaseDocumentsOn;
  /** UTC instant; null: no deadline. */
  ndaDeadline?: string | null;
  reminders?: { enabled?: boolean; firstAfterDays?: number; everyDays?: number };
  /** Internal approval of team members' proposals outside the playbook, and who besides the owners approves. */
  proposalApproval?: boolean;
  approvers?: number[];
}

export function useUpdateProject(projectId: number) {
  const store = useStoreProject();
  const update = trpc.projects.update.useMutation();
  return useMutation({
    mutationFn: (changes: ProjectChanges) => update.mutateAsync({ id: projectId, ...changes }),
    onSuccess: store,
  });
}

/** Replaces the teaser or the CIM (multipart); DOC, DOCX and ODT are converted to PDF on the server. */
export function useUploadProjectFile(projectId: number, kind: 'teaser' | 'cim') {
  const store = useStoreProject();
  return useMutation({
    mutationFn: (file: File) =>
      restRequest<ProjectDto>('PATCH', `/projects/projects/${projectId}/`, { form: formData({ [kind]: file }) }),
    onSuccess: store,
  });
}

export function fetchProjectFile(
  projectId: number,
  kind: 'teaser' | 'cim',
  signal?: AbortSignal,
): Promise<Blob | FileByParts> {
  return restFileByParts(`/projects/projects/${projectId}/get_${kind}_pdf/`, signal);
}

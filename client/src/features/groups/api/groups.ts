import { getQueryKey } from '@trpc/react-query';
import type { ContactInput } from '@shared/schemas/contacts';
import { trpc } from '@client/lib/trpc';

/**
 * The groups feature's cache keys: the tRPC procedures' own keys, so a reader that fetches a group
 * through REST (the NDA page) shares this feature's entry, and invalidating one refreshes both.
 */
export const groupKeys = {
  branch: (id: number) => getQueryKey(trpc.groups.get, { id }, 'query'),
};

/** The company's contacts groups (signer groups), for the existing-group choice. */
export function useSignerGroups(enabled = true) {
  return trpc.groups.signerGroups.useQuery({ limit: -1 }, { enabled });
}

export function useBranch(id: number | null) {
  return trpc.groups.get.useQuery({ id: id ?? 0 }, { enabled: !!id });
}

/** Every group of a project the user may see (a recipient: their own). */
export function useProjectBranches(projectId: number | null, enabled = true) {
  return trpc.groups.list.useQuery({ project: projectId ?? 0, limit: -1 }, { enabled: enabled && !!projectId });
}

export interface BranchFields {
  name: string;
  allowComments: boolean;
  sendTeaser: boolean;
  inheritNdaFromProject: boolean;
}

/**
 * The calls of the recipients page, made one after the other in its flows: resolve the typed rows to
 * accounts, make a contacts group of them, make or change the project's group.
 */
export function useGroupCalls() {
  const { client } = trpc.useUtils();
  return {
    resolveRecipients: (recipients: ContactInput[]) => client.contacts.resolve.mutate({ recipients }),
    createSignerGroup: (name: string, users: number[]) => client.groups.createSignerGroup.mutate({ name, users }),
    createBranch: (project: number, signerGroups: number[], fields: BranchFields) =>
      client.groups.create.mutate({ ...fields, project, signerGroups }),
    updateBranch: (id: number, changes: Partial<BranchFields> & { signerGroups?: number[] }) =>
      client.groups.update.mutate({ id, ...changes }),
  };
}

/**
 * After a group changes: the groups (the tracker's among them, whatever the project), the contacts and
 * the projects are read again.
 */
export function useInvalidateGroups() {
  const utils = trpc.useUtils();
  return (_projectId: number) => {
    return Promise.all([utils.groups.invalidate(), utils.contacts.invalidate(), utils.projects.invalidate()]);
  };
}

import { getQueryKey } from '@trpc/react-query';
import type { ContactInput } from '@shared/schemas/contacts';
import { formData, restRequest } from '@client/lib/rest';
import type { BranchDto } from '@client/lib/api-types';
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

export interface NewGroup extends BranchFields {
  project: number;
  /** Typed recipients, or the contacts group chosen instead. */
  recipients?: ContactInput[];
  signerGroup?: number;
  /** The group's own NDA, when it does not inherit the project NDA. */
  nda?: { name: string; file: File | null; template: number | null };
}

/**
 * Creates a group with its recipients and its own NDA in one call (multipart, since the NDA file
 * travels with it): a refused row or file creates nothing.
 */
export function createGroup(group: NewGroup): Promise<BranchDto> {
  const recipients = group.recipients?.map((r) => ({ first_name: r.firstName, last_name: r.lastName, email: r.email }));
  return restRequest<BranchDto>('POST', '/projects/project_branches/', {
    form: formData({
      name: group.name,
      project: group.project,
      allowComments: group.allowComments,
      sendTeaser: group.sendTeaser,
      inheritNdaFromProject: group.inheritNdaFromProject,
      recipients: recipients ? JSON.stringify(recipients) : undefined,
      signerGroups: group.signerGroup ? [group.signerGroup] : undefined,
      ndaName: group.nda?.name,
      ndaFile: group.nda?.file,
      ndaTemplate: group.nda?.template,
    }),
  });
}

/** The calls of the recipients page's Update: resolve the typed rows, make a contacts group of them, change the group. */
export function useGroupCalls() {
  const { client } = trpc.useUtils();
  return {
    resolveRecipients: (recipients: ContactInput[]) => client.contacts.resolve.mutate({ recipients }),
    createSignerGroup: (name: string, users: number[]) => client.groups.createSignerGroup.mutate({ name, users }),
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

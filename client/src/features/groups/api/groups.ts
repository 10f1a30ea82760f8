import { useMutation } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import type { ContactInput } from '@shared/schemas/contacts';
import { formData, restRequest } from '@client/lib/rest';
import type { BranchDto } from '@client/lib/api-types';
import { trpc } from '@client/lib/trpc';
import { storeNewBranch, storeUpdatedBranch } from './group-cache';

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

export interface NewGroup {
  name: string;
  allowComments: boolean;
  sendTeaser: boolean;
  inheritNdaFromProject: boolean;
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

/** Creates a group (createGroup) and puts the answer in the caches. */
export function useCreateGroup() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: (branch) => void storeNewBranch(utils, branch),
  });
}

/**
 * Updates a group in one call: its name, settings and, as typed rows, its recipients (the server
 * keeps its contacts groups when the rows name the people it has). The answer goes into the caches.
 */
export function useUpdateGroup() {
  const utils = trpc.useUtils();
  return trpc.groups.update.useMutation({
    onSuccess: (branch, input) => storeUpdatedBranch(utils, branch, { recipientsSent: !!input.recipients }),
  });
}

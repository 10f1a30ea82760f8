import type { BranchDto } from '@client/lib/api-types';
import type { trpc } from '@client/lib/trpc';

type Utils = ReturnType<typeof trpc.useUtils>;

/** The page with the group replaced by its new answer (a page without it is left as it is). */
const withBranch =
  (branch: BranchDto) =>
  <P extends { results: BranchDto[] }>(page: P | undefined): P | undefined =>
    page?.results.some((b) => b.id === branch.id)
      ? { ...page, results: page.results.map((b) => (b.id === branch.id ? branch : b)) }
      : page;

/**
 * The groups feature's one place for the caches its writes change. A write's answer is the group as
 * its managers see it, the shape of groups.get, groups.list and groups.dashboard: it goes straight
 * into them instead of being read again.
 */
export function storeUpdatedBranch(utils: Utils, branch: BranchDto, { recipientsSent }: { recipientsSent: boolean }) {
  utils.groups.get.setData({ id: branch.id }, branch);
  utils.groups.list.setQueriesData({ project: branch.project }, {}, withBranch(branch));
  utils.groups.dashboard.setQueriesData({ project: branch.project }, {}, withBranch(branch));
  // Typed recipients may have become contacts in a new contacts group: read on the next visit.
  if (recipientsSent) markContactsStale(utils);
}

/** A new group: its own entry from the answer; the project (its groups), its tracker and lists are read again. */
export function storeNewBranch(utils: Utils, branch: BranchDto): Promise<unknown> {
  utils.groups.get.setData({ id: branch.id }, branch);
  markContactsStale(utils);
  return Promise.all([
    utils.groups.list.invalidate({ project: branch.project }),
    utils.groups.dashboard.invalidate({ project: branch.project }),
    utils.projects.get.invalidate({ id: branch.project }),
    utils.projects.list.invalidate(),
  ]);
}

function markContactsStale(utils: Utils): void {
  void utils.contacts.invalidate(undefined, { refetchType: 'none' });
  void utils.groups.signerGroups.invalidate(undefined, { refetchType: 'none' });
}

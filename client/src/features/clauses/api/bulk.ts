import { trpc } from '@client/lib/trpc';

/** One move to many threads of the project (POST /projects/projects/{id}/negotiation_bulk/). */
export function useNegotiationBulk(projectId: number) {
  const utils = trpc.useUtils();
  return trpc.projects.negotiationBulk.useMutation({
    onSettled: () => utils.projects.negotiationOverview.invalidate({ id: projectId }),
  });
}

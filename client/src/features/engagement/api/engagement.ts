import type { ViewBatchInput } from '@shared/schemas/engagement';
import { restRequest } from '@client/lib/rest';
import { trpc } from '@client/lib/trpc';

/** How often the tracker reads the figures again while it is shown (reading time grows without events). */
const REFRESH_MS = 30_000;

/** Each group's engagement, for the sending team; read again on the project's events and every 30 s. */
export function useProjectEngagement(projectId: number) {
  return trpc.engagement.project.useQuery(
    { project: projectId },
    { enabled: projectId > 0, refetchInterval: REFRESH_MS },
  );
}

/** One batch of reading time; `keepalive` as the page is hidden or closed, so the batch is not lost. */
export function sendViews(batch: ViewBatchInput, keepalive = false): Promise<unknown> {
  return restRequest('POST', '/projects/views/', { json: batch, keepalive });
}

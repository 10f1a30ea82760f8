import { useRoom } from '@client/features/realtime';

/**
 * While a project's dashboard is open its room is joined here too, so its tracker stays live even
 * for a project the app-wide subscription has not reached yet (a project created a moment ago).
 */
export function useTrackerLive(projectId: number): void {
  useRoom(projectId > 0 ? { projectId } : null);
}

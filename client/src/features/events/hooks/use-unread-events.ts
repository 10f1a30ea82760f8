import { useSession } from '@client/features/auth';
import { useEventFeed } from '../api/events';

/** Unread events among the user's newest 100 (their own count as read). */
export function useUnreadEventsCount(): number {
  const userId = useSession()?.user.id ?? null;
  const feed = useEventFeed(userId !== null);
  return (feed.data?.results ?? []).filter((e) => !e.isRead && e.authorId !== userId).length;
}

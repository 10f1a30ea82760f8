import { Badge } from '@mantine/core';
import { unreadBadge } from '@shared/event-feed';
import { useUnreadEventsCount } from '../hooks/use-unread-events';

/** The Projects navigation badge: unread project events, '9+' above 9, hidden at 0. */
export function ProjectsUnreadBadge() {
  const count = useUnreadEventsCount();
  const text = unreadBadge(count);
  if (!text) return null;
  return (
    <Badge
      size="sm"
      color="red"
      variant="filled"
      radius="xl"
      px={6}
      aria-label={`${count} unread project ${count === 1 ? 'event' : 'events'}`}
      data-testid="projects-unread-badge"
    >
      {text}
    </Badge>
  );
}

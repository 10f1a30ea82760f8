export { ActivityFeed } from './components/ActivityFeed';
export { EventsSync } from './components/EventsSync';
export { ProjectsUnreadBadge } from './components/ProjectsUnreadBadge';

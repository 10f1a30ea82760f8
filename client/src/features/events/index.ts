export { ActivityFeed } from './components/ActivityFeed';
export { EventGroupsList } from './components/EventGroupsList';
export { EventsSync } from './components/EventsSync';
export { ProjectsUnreadBadge } from './components/ProjectsUnreadBadge';
export { ActivityFeedModal } from './components/ActivityFeedModal';
export { ProjectActivityButton } from './components/ProjectActivityButton';
export { useEventsOfProjects } from './hooks/use-events-of-projects';

export { sendViews, useProjectEngagement } from './api/engagement';
export { GroupEngagementLine } from './components/GroupEngagementLine';
export { type ReadingTarget, useReadingTracker } from './hooks/use-reading-tracker';

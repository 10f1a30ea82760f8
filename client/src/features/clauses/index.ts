export { ClauseView } from './components/ClauseView';
export { UniqueTermsBadge } from './components/UniqueTermsBadge';
export { type GroupOutlier, useGroupOutliers } from './api/overview';

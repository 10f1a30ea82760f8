export { applyTrackerChange, applyTrackerEvent } from './api/tracker-live';
export { NdaLookup } from './components/NdaLookup';
export { ProjectTracker } from './components/ProjectTracker';
export { useTrackerLive } from './hooks/use-tracker-live';
export { groupBadge, ndaBadge, ndaStatusColor } from './status-labels';

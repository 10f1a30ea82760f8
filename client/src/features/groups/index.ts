export { useBranch, useProjectBranches } from './api/groups';
export { storeUpdatedBranch } from './api/group-cache';
export { RecipientsForm } from './components/RecipientsForm';

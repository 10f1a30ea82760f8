export { useBranch, useProjectBranches } from './api/groups';
export { RecipientsForm } from './components/RecipientsForm';

export { NdaWorkspace } from './components/NdaWorkspace';
export { useNdaReview } from './hooks/use-nda-review';
export { StatusBadge } from './components/StatusBadge';
export { awaitsOwnSignature } from './api/signing';

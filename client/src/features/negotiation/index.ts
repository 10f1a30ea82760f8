export { NdaWorkspace } from './components/NdaWorkspace';
export { useNdaReview } from './hooks/use-nda-review';
export { StatusBadge } from './components/StatusBadge';
export { SignatureFieldPlacement } from './components/SignatureFieldPlacement';
export { useSaveSignatureFields, useSignatureFields } from './api/signature-fields';
export type { SignatureFieldSaver } from './hooks/use-signature-field-editor';
export { awaitsOwnSignature } from './api/signing';

export { useDealDocuments } from './api/deal-documents';
export { BidderDocumentsCard } from './components/BidderDocumentsCard';
export { DealDocumentsPanel } from './components/DealDocumentsPanel';
export { ReleaseDocumentModal } from './components/ReleaseDocumentModal';

export { LegalDocument } from './components/LegalDocument';
export { PRIVACY_SECTIONS } from './privacy-sections';
export { TERMS_SECTIONS } from './terms-sections';

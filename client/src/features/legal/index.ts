export { LegalDocument } from './components/LegalDocument';
export { PRIVACY_INTRO, PRIVACY_SECTIONS } from './privacy-sections';
export { TERMS_INTRO, TERMS_SECTIONS } from './terms-sections';

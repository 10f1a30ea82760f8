export { SignatureImage } from './components/SignatureImage';
export { SignatureModal } from './components/SignatureModal';

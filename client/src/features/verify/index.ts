export { VerifyPanel } from './components/VerifyPanel';

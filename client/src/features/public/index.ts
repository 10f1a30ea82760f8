export { PublicLayout } from './components/PublicLayout';
export { COMPANY } from './company';

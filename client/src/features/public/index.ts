export { PublicLayout } from './components/PublicLayout';

export { ClauseView } from './components/ClauseView';

export { ProjectDashboard } from './components/ProjectDashboard';
export { SignerProjectView } from './components/SignerProjectView';

export {
  downloadNdaPdf,
  downloadNdaRedline,
  downloadSignedNdas,
  fetchNdaPdf,
  useCreateNda,
  useEditNda,
  useGroupNda,
  useProjectNda,
  type NdaSource,
} from './api/ndas';
export { fetchProjectFile, useAllProjects, useProject } from './api/projects';
export { AddProjectButton } from './components/AddProjectButton';
export { AddProjectForm } from './components/AddProjectForm';
export { NdaSourceFields, type NdaSourceFormValues } from './components/NdaSourceFields';
export { ProjectFileForm } from './components/ProjectFileForm';
export { ProjectDocumentCards } from './components/ProjectDocumentCards';
export { DashboardBreadcrumbs, ProjectHeader } from './components/ProjectHeader';
export { ProjectNdaForm } from './components/ProjectNdaForm';
export { ProjectsBrowser } from './components/ProjectsBrowser';
export { SignatureRequired } from './components/SignatureRequired';
export { TeamMembersCard } from './components/TeamMembersCard';
export { applyProjectEvent, applyProjectEventToCache, applyProjectReceived } from './hooks/projects-live';
export { useProjectOrLeave } from './hooks/use-project-or-leave';

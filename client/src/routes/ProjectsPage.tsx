import { Tooltip } from '@mantine/core';
import { PageHeader } from '../components/ui/PageHeader';
import { usePageTitle } from '../components/ui/use-page-title';
import { AddProjectButton, ProjectsBrowser } from '@client/features/projects';
import { ProjectActivityButton } from '@client/features/events';
import { usePermissionFlags } from '@client/lib/use-permission-flags';
import { useCurrentUser } from '@client/features/auth';
import { sendsNdas } from '@shared/permissions';

export default function ProjectsPage() {
  usePageTitle('Projects');
  const user = useCurrentUser();
  const { can, loaded } = usePermissionFlags();
  const canAdd = can('canAddProject');
  // A signer starts no project: no button to be refused by.
  const sender = !user || sendsNdas(user.role);
  const button = <AddProjectButton disabled={!canAdd} />;
  return (
    <>
      <PageHeader
        title="Projects"
        description={sender ? 'Your deals, and the projects shared with you.' : 'The projects shared with you.'}
        actions={
          !sender ? undefined : loaded && !canAdd ? (
            <Tooltip label="Your role cannot start projects">{<span>{button}</span>}</Tooltip>
          ) : (
            button
          )
        }
      />
      <ProjectsBrowser canAddProject={canAdd} cardActions={(project) => <ProjectActivityButton project={project} />} />
    </>
  );
}

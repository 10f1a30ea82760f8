import { Grid, SimpleGrid, Stack } from '@mantine/core';
import { UniqueTermsBadge, useGroupOutliers } from '@client/features/clauses';
import { DealDocumentsPanel } from '@client/features/deal-documents';
import { ActivityFeed } from '@client/features/events';
import { ProjectDocumentCards, ProjectHeader, TeamMembersCard } from '@client/features/projects';
import { ProjectTracker, useTrackerLive } from '@client/features/tracker';
import type { ProjectDto } from '@client/lib/api-types';
import { usePermissionFlags } from '@client/lib/use-permission-flags';

/** The dashboard of a project the user runs: its documents, team, tracker and activity. */
export function ProjectDashboard({
  project,
  selectedBranchId,
}: {
  project: ProjectDto;
  selectedBranchId: number | null;
}) {
  const { can } = usePermissionFlags();
  const canChange = can('canChangeProject');
  useTrackerLive(project.id);
  // The clause view's one read also says which groups hold agreed wording no other group has.
  const outliers = useGroupOutliers(project.id, can('canViewCommentthread'));
  return (
    <Stack gap="lg">
      <Grid gap="md" align="stretch">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <ProjectHeader project={project} canChange={canChange} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <ActivityFeed projectId={project.id} projectName={project.name} />
        </Grid.Col>
      </Grid>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        <ProjectDocumentCards project={project} canChange={can('canChangeNda') && canChange} />
        <TeamMembersCard project={project} canChange={canChange} />
      </SimpleGrid>
      <DealDocumentsPanel projectId={project.id} canChange={can('canChangeNda') && canChange} />
      <ProjectTracker
        projectId={project.id}
        projectName={project.name}
        selectedBranchId={selectedBranchId}
        canChange={canChange}
        canAddGroup={can('canAddProjectbranch') && !project.isArchived}
        groupFlags={(branchId) => <UniqueTermsBadge outlier={outliers.get(branchId)} />}
      />
    </Stack>
  );
}

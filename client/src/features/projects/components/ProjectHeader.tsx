import { Anchor, Badge, Breadcrumbs, Button, Group, Menu, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArchive, IconArchiveOff, IconChevronDown, IconPencil } from '@tabler/icons-react';
import { formatDate } from '@shared/dates';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { notifySuccess } from '@client/components/ui/notify';
import { toastError } from '@client/lib/errors';
import { useUpdateProject } from '../api/projects';
import type { ProjectDto } from '@client/lib/api-types';
import { ConfirmModal } from '@client/components/ui/ConfirmModal';
import { ProjectStatusIcons } from './ProjectStatusIcons';
import { ProjectDetailsModal } from './ProjectDetailsModal';

function Fact({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0}>
      <Text fz={11} tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: '0.06em' }}>
        {label}
      </Text>
      <Text fw={650} fz="lg" lh={1.2}>
        {value}
      </Text>
    </Stack>
  );
}

export function DashboardBreadcrumbs({
  project,
  current,
}: {
  project?: { id: number; name: string };
  current: string;
}) {
  return (
    <Breadcrumbs separatorMargin={6} mb="xs" styles={{ breadcrumb: { fontSize: 'var(--mantine-font-size-sm)' } }}>
      <Anchor component={Link} to="/projects" c="dimmed">
        Projects
      </Anchor>
      {project && (
        <Anchor component={Link} to={`/projects/${project.id}`} c="dimmed" maw={240} truncate>
          {project.name}
        </Anchor>
      )}
      <Text fz="sm" c="dark">
        {current}
      </Text>
    </Breadcrumbs>
  );
}

/** The project's name, summary and state, with rename and archive for those who may change it. */
export function ProjectHeader({
  project,
  canChange,
  extra,
}: {
  project: ProjectDto;
  canChange: boolean;
  extra?: ReactNode;
}) {
  const update = useUpdateProject(project.id);
  const [archiveOpened, archive] = useDisclosure(false);
  const [detailsOpened, details] = useDisclosure(false);
  const archiving = !project.isArchived;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} h="100%">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Group gap="sm">
            <Title order={2} fz={24} style={{ overflowWrap: 'anywhere' }} data-testid="project-name">
              {project.name}
            </Title>
            {project.isArchived && (
              <Badge color="gray" variant="light" leftSection={<IconArchive size={12} />}>
                Archived
              </Badge>
            )}
          </Group>
          <Text fz="sm" c="dimmed">
            Created {formatDate(project.created)}
            {project.companyName ? ` · ${project.companyName}` : ''}
          </Text>
          {project.summary && (
            <Text fz="sm" c="gray.7" maw={760} style={{ whiteSpace: 'pre-line' }} lineClamp={4}>
              {project.summary}
            </Text>
          )}
          <Group gap="lg" mt="sm">
            <Fact label="Groups" value={project.projectBranches.length} />
            <Fact label="Team" value={project.members.length} />
            <ProjectStatusIcons status={project.status} />
          </Group>
        </Stack>
        {canChange && (
          <Group gap="xs">
            {extra}
            <Menu position="bottom-end" withinPortal shadow="md">
              <Menu.Target>
                <Button variant="default" rightSection={<IconChevronDown size={16} />}>
                  Manage project
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={16} />} onClick={details.open}>
                  Edit project details
                </Menu.Item>
                <Menu.Item
                  leftSection={archiving ? <IconArchive size={16} /> : <IconArchiveOff size={16} />}
                  color={archiving ? 'orange' : undefined}
                  onClick={archive.open}
                >
                  {archiving ? 'Archive project' : 'Unarchive project'}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        )}
      </Group>
      <ConfirmModal
        opened={archiveOpened}
        onClose={archive.close}
        title={archiving ? 'Archive project' : 'Unarchive project'}
        message={
          archiving
            ? `Archive ${project.name}? It moves to the Archived tab; its NDAs, recipients and history are kept.`
            : `Unarchive ${project.name}? It comes back to your active projects.`
        }
        confirmLabel={archiving ? 'Archive' : 'Unarchive'}
        color={archiving ? 'orange' : 'navy'}
        loading={update.isPending}
        onConfirm={() =>
          update.mutate(
            { isArchived: archiving },
            {
              onSuccess: () => {
                archive.close();
                notifySuccess(archiving ? 'The project is archived.' : 'The project is active again.');
              },
              onError: (err) => void toastError(err),
            },
          )
        }
      />
      <ProjectDetailsModal project={project} opened={detailsOpened} onClose={details.close} />
    </Paper>
  );
}

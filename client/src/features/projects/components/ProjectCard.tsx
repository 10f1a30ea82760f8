import { Badge, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArchive, IconUsersGroup } from '@tabler/icons-react';
import { formatDate } from '@shared/dates';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ProjectDto } from '@client/lib/api-types';
import classes from './ProjectCard.module.css';
import { ProjectStatusIcons } from './ProjectStatusIcons';

/**
 * A project in the list: a link to its dashboard (its name, stretched over the whole card) with its
 * status and unread activity; `actions` (the activity feed's button) sit above the link.
 */
export function ProjectCard({ project, actions }: { project: ProjectDto; actions?: ReactNode }) {
  const received = project.access === 'signer';
  const groups = project.projectBranches.length;
  const unread = project.unreadEventsCount;
  return (
    <Card withBorder radius="lg" padding="lg" className={classes.card} data-testid="project-card">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} fz="lg" lh={1.3} className={classes.name}>
              <Link to={`/projects/${project.id}`} className={classes.link} aria-label={`Open project ${project.name}`}>
                {project.name}
              </Link>
            </Title>
            <Text fz="xs" c="dimmed">
              {received ? `From ${project.companyName || 'another company'}` : `Created ${formatDate(project.created)}`}
            </Text>
          </Stack>
          {unread > 0 && (
            <Tooltip label={`${unread} unread ${unread === 1 ? 'event' : 'events'}`} withArrow>
              <Badge
                color="red"
                variant="filled"
                radius="xl"
                size="lg"
                aria-label={`${unread} unread events`}
                data-testid="project-unread"
              >
                {unread > 99 ? '99+' : unread}
              </Badge>
            </Tooltip>
          )}
        </Group>
        <Text fz="sm" c={project.summary ? 'gray.7' : 'dimmed'} lineClamp={2} className={classes.summary}>
          {project.summary || 'No summary yet.'}
        </Text>
        <Group justify="space-between" mt="auto" pt="xs" className={classes.footer} wrap="nowrap">
          <ProjectStatusIcons status={project.status} />
          <Group gap="xs" wrap="nowrap" ml="auto">
            {actions && <div className={classes.actions}>{actions}</div>}
            {project.isArchived && (
              <Badge color="gray" variant="light" leftSection={<IconArchive size={12} />}>
                Archived
              </Badge>
            )}
            {received ? (
              <Badge color="grape" variant="light">
                Received
              </Badge>
            ) : (
              <Group gap={4} wrap="nowrap" c="dimmed">
                <IconUsersGroup size={16} stroke={1.7} aria-hidden="true" />
                <Text fz="xs" c="dimmed">
                  {groups} {groups === 1 ? 'group' : 'groups'}
                </Text>
              </Group>
            )}
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

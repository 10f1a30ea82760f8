import { Badge, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArchive, IconUsersGroup } from '@tabler/icons-react';
import { format } from 'date-fns';
import { Link } from 'react-router-dom';
import type { ProjectDto } from '@client/lib/api-types';
import classes from './ProjectCard.module.css';
import { ProjectStatusIcons } from './ProjectStatusIcons';

/** A project in the list: a link to its dashboard with its status and unread activity. */
export function ProjectCard({ project }: { project: ProjectDto }) {
  const received = project.access === 'signer';
  const groups = project.projectBranches.length;
  const unread = project.unreadEventsCount;
  return (
    <Card
      component={Link}
      to={`/projects/${project.id}`}
      withBorder
      radius="lg"
      padding="lg"
      className={classes.card}
      aria-label={`Open project ${project.name}`}
      data-testid="project-card"
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} fz="lg" lh={1.3} className={classes.name}>
              {project.name}
            </Title>
            <Text fz="xs" c="dimmed">
              {received
                ? `From ${project.companyName || 'another company'}`
                : `Created ${format(new Date(project.created), 'd MMM yyyy')}`}
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

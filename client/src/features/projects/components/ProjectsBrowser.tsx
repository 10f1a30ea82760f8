import {
  Alert,
  Button,
  Center,
  CloseButton,
  Group,
  Pagination,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconFolderPlus, IconFolders, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PROJECT_FILTERS, PROJECTS_PAGE_SIZE, type ProjectFilter } from '@shared/schemas/projects';
import { errorMessageOf } from '@client/lib/errors';
import type { ProjectDto } from '@client/lib/api-types';
import { useProjectsPage } from '../api/projects';
import { AddProjectButton } from './AddProjectButton';
import { ProjectCard } from './ProjectCard';

const EMPTY: Record<ProjectFilter, string> = {
  All: 'You have no projects yet.',
  Active: 'You have no active projects.',
  Received: 'No project has been shared with you yet. Projects appear here once someone sends you their NDA.',
  Initiated: 'Your team has not started a project yet.',
  Archived: 'No project is archived.',
};

function readFilter(value: string | null): ProjectFilter {
  return (PROJECT_FILTERS as readonly string[]).includes(value ?? '') ? (value as ProjectFilter) : 'All';
}

/**
 * The projects list (spec 2, Projects list): tabs, the name filter (500 ms after typing stops), nine
 * cards a page. Tab, filter and page live in the address, so Back returns to the same view.
 */
export function ProjectsBrowser({
  canAddProject,
  cardActions,
}: {
  canAddProject: boolean;
  /** What each card offers besides opening the project (the activity feed). */
  cardActions?: (project: ProjectDto) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params.get('filter'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 500);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '' || (key === 'filter' && value === 'All') || (key === 'page' && value === '1'))
        next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };

  useEffect(() => {
    if (debounced !== (params.get('search') ?? '')) update({ search: debounced, page: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a settled search changes the URL; params change with it
  }, [debounced]);

  const query = useProjectsPage({ filter, search: params.get('search') ?? '', page });
  const count = query.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / PROJECTS_PAGE_SIZE));
  const searching = !!(params.get('search') ?? '');

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={0}>
        <Tabs value={filter} onChange={(value) => update({ filter: value, page: null })} keepMounted={false}>
          <Tabs.List px="md" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
            {PROJECT_FILTERS.map((f) => (
              <Tabs.Tab key={f} value={f} py="md">
                {f}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Group p="md" gap="sm" justify="space-between" wrap="wrap">
          <TextInput
            size="sm"
            placeholder="Filter projects by name..."
            aria-label="Filter projects by name"
            leftSection={<IconSearch size={16} />}
            rightSection={
              search ? <CloseButton size="sm" aria-label="Clear filter" onClick={() => setSearch('')} /> : null
            }
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            maxLength={128}
            style={{ flex: '1 1 260px', maxWidth: 420 }}
          />
          <Text fz="sm" c="dimmed" aria-live="polite">
            {query.isSuccess ? `${count} ${count === 1 ? 'project' : 'projects'}` : ' '}
          </Text>
        </Group>
      </Paper>

      {query.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="The projects could not be loaded"
        >
          {errorMessageOf(query.error)}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : query.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} h={188} radius="lg" />
          ))}
        </SimpleGrid>
      ) : query.data.results.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Stack align="center" gap="sm" py="lg" ta="center">
            <ThemeIcon size={56} radius="xl" variant="light" color="navy">
              <IconFolders size={28} stroke={1.6} />
            </ThemeIcon>
            <Title order={3} fz="lg">
              {searching ? 'No project matches this name' : EMPTY[filter]}
            </Title>
            {searching ? (
              <Text c="dimmed">Try another name, or clear the filter.</Text>
            ) : (
              canAddProject &&
              (filter === 'All' || filter === 'Active' || filter === 'Initiated') && (
                <>
                  <Text c="dimmed" maw={460}>
                    Start a project for a deal: add its NDA, teaser and CIM, then send the NDA to groups of buyers.
                  </Text>
                  <Stack mt="xs">
                    <AddProjectButton icon={<IconFolderPlus size={18} />} align="center" />
                  </Stack>
                </>
              )
            )}
          </Stack>
        </Paper>
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="lg"
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
        >
          {query.data.results.map((project) => (
            <ProjectCard key={project.id} project={project} actions={cardActions?.(project)} />
          ))}
        </SimpleGrid>
      )}

      {pages > 1 && (
        <Center>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={(p) => update({ page: String(p) })}
            withEdges={false}
            aria-label="Projects pages"
          />
        </Center>
      )}
    </Stack>
  );
}

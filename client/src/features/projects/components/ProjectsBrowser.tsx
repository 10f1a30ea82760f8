import { Center, CloseButton, Group, Pagination, Paper, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFolderPlus, IconFolders, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PROJECT_FILTERS, PROJECTS_PAGE_SIZE, type ProjectFilter } from '@shared/schemas/projects';
import { EmptyState } from '@client/components/ui/EmptyState';
import { ListSkeleton, QueryState } from '@client/components/ui/QueryState';
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

/** Projects are cards, three a row on wide screens. */
const GRID = { base: 1, sm: 2, lg: 3 };

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
  // An empty list offers the first project where a new one would show.
  const offersAdd = !searching && canAddProject && (filter === 'All' || filter === 'Active' || filter === 'Initiated');

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

      <QueryState
        query={query}
        errorTitle="The projects could not be loaded"
        loading={<ListSkeleton count={6} height={188} cols={GRID} />}
        isEmpty={(data) => data.results.length === 0}
        empty={
          <EmptyState
            icon={<IconFolders size={28} stroke={1.6} />}
            title={searching ? 'No project matches this name' : EMPTY[filter]}
            action={offersAdd && <AddProjectButton icon={<IconFolderPlus size={18} />} align="center" />}
          >
            {searching
              ? 'Try another name, or clear the filter.'
              : offersAdd &&
                'Start a project for a deal: add its NDA, teaser and CIM, then send the NDA to groups of buyers.'}
          </EmptyState>
        }
      >
        {(data) => (
          <SimpleGrid
            cols={GRID}
            spacing="lg"
            style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
          >
            {data.results.map((project) => (
              <ProjectCard key={project.id} project={project} actions={cardActions?.(project)} />
            ))}
          </SimpleGrid>
        )}
      </QueryState>

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

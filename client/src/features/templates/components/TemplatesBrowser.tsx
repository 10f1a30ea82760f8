import { Button, Center, Group, Pagination, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { TEMPLATE_PAGE_SIZE } from '@shared/schemas/templates';
import { EmptyState } from '@client/components/ui/EmptyState';
import { ListSkeleton, QueryState } from '@client/components/ui/QueryState';
import type { ProjectDto, TemplateDto } from '@client/lib/api-types';
import { useTemplatesPage } from '../api/templates';
import { TemplateCard } from './TemplateCard';
import { TemplateModal } from './TemplateModal';

/** Templates are cards, three a row on wide screens. */
const GRID = { base: 1, xs: 2, md: 3 };

interface TemplatesBrowserProps {
  canAdd: boolean;
  canChange: boolean;
  canDelete: boolean;
  /** The projects the project filter offers; without them there is no project filter. */
  projects?: ProjectDto[];
}

/** Templates (spec 2): filters by name and project, nine cards a page, a card opens the template. */
export function TemplatesBrowser({ canAdd, canChange, canDelete, projects }: TemplatesBrowserProps) {
  const [name, setName] = useState('');
  const [debounced] = useDebouncedValue(name.trim(), 500);
  const [project, setProject] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<TemplateDto | null>(null);
  const query = useTemplatesPage({ name: debounced, project: project ? Number(project) : null, page });
  const count = query.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / TEMPLATE_PAGE_SIZE));
  const filtered = !!debounced || !!project;
  // The open template follows the list, so a rename shows at once; the snapshot covers a template the list no longer holds.
  const openedNow = (opened && query.data?.results.find((t) => t.id === opened.id)) || opened;
  const projectOptions = (projects ?? [])
    .filter((p) => p.access !== 'signer')
    .map((p) => ({ value: String(p.id), label: p.name }));

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="md">
        <Group gap="sm" wrap="wrap">
          <TextInput
            size="sm"
            placeholder="Filter templates by name..."
            aria-label="Filter templates by name"
            leftSection={<IconSearch size={16} />}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setPage(1);
            }}
            style={{ flex: '1 1 240px', maxWidth: 380 }}
          />
          {projects && (
            <Select
              size="sm"
              placeholder="Filter by project"
              aria-label="Filter by project"
              data={projectOptions}
              value={project}
              onChange={(v) => {
                setProject(v);
                setPage(1);
              }}
              clearable
              searchable
              nothingFoundMessage="No project with this name"
              style={{ flex: '1 1 200px', maxWidth: 300 }}
            />
          )}
          <Text fz="sm" c="dimmed" ml="auto">
            {query.isSuccess ? `${count} ${count === 1 ? 'template' : 'templates'}` : ''}
          </Text>
        </Group>
      </Paper>

      <QueryState
        query={query}
        errorTitle="The templates could not be loaded"
        loading={<ListSkeleton count={3} height={300} cols={GRID} />}
        isEmpty={(data) => data.results.length === 0}
        empty={
          filtered ? (
            <EmptyState icon={<IconSearch size={28} />} title="No template matches these filters">
              Try another name or project, or clear the filters.
            </EmptyState>
          ) : (
            <EmptyState
              icon={<IconTemplate size={28} />}
              title="You have no NDA templates yet"
              data-testid="templates-initial"
              action={
                canAdd && (
                  <Button component={Link} to="/templates/create">
                    Add a NDA template
                  </Button>
                )
              }
            >
              Templates are the NDAs your team starts from. Add your standard mutual or one-way NDA once (PDF, DOC, DOCX
              or ODT), then choose it when you create a project or give a group its own NDA.
            </EmptyState>
          )
        }
      >
        {(data) => (
          <SimpleGrid cols={GRID} spacing="lg" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            {data.results.map((t) => (
              <TemplateCard key={t.id} template={t} onOpen={() => setOpened(t)} />
            ))}
          </SimpleGrid>
        )}
      </QueryState>

      {pages > 1 && (
        <Center>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={setPage}
            withEdges={false}
            aria-label="Templates pages"
          />
        </Center>
      )}
      <TemplateModal template={openedNow} onClose={() => setOpened(null)} canChange={canChange} canDelete={canDelete} />
    </Stack>
  );
}

import { Stack } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { useParams } from 'react-router-dom';
import { PageHeader } from '../components/ui/PageHeader';
import { EmptyState } from '@client/components/ui/EmptyState';
import { PageError, PageSkeleton } from '@client/components/ui/PageState';
import { QueryState } from '@client/components/ui/QueryState';
import { RouterLink } from '../components/ui/RouterLink';
import { usePageTitle } from '../components/ui/use-page-title';
import { PlaybookClauseList, useTemplatePlaybook } from '@client/features/playbook';
import { useTemplate, useTemplateClauses } from '@client/features/templates';

/**
 * /templates/:templateId/playbook: the sending team's positions on each clause of a template. A
 * project whose NDA is made from the template starts with a copy; bidders never see either.
 */
export default function TemplatePlaybookPage() {
  usePageTitle('Template playbook');
  const param = Number(useParams().templateId);
  const templateId = Number.isInteger(param) && param > 0 ? param : null;
  const template = useTemplate(templateId);
  return (
    <Stack gap="md">
      <div>
        <RouterLink to="/templates" fz="sm" c="dimmed">
          ← Templates
        </RouterLink>
        <PageHeader
          title={template.data ? `Playbook of ${template.data.name}` : 'Template playbook'}
          description="For each clause: the preferred wording, the fallbacks in the order you would offer them, when to walk away, and guidance for the team. A project whose NDA is made from this template starts with a copy. Only your team sees it."
        />
      </div>
      {templateId === null ? (
        <PageError error={new Error('This template does not exist.')} />
      ) : template.error ? (
        <PageError error={template.error} />
      ) : (
        <TemplatePlaybook templateId={templateId} />
      )}
    </Stack>
  );
}

function TemplatePlaybook({ templateId }: { templateId: number }) {
  const clauses = useTemplateClauses(templateId);
  const playbook = useTemplatePlaybook(templateId);
  const both = {
    data: clauses.data && playbook.data ? { clauses: clauses.data, playbook: playbook.data.clauses } : undefined,
    isPending: clauses.isPending || playbook.isPending,
    isError: clauses.isError || playbook.isError,
    error: clauses.error ?? playbook.error,
    refetch: () => Promise.all([clauses.refetch(), playbook.refetch()]),
  };
  return (
    <QueryState
      query={both}
      errorTitle="The template’s playbook could not be loaded"
      loading={<PageSkeleton />}
      isEmpty={(d) => d.clauses.length === 0}
      empty={
        <EmptyState icon={<IconBook2 size={28} stroke={1.6} />} title="No clauses to write a playbook for">
          No numbered sections or headed paragraphs could be read from this template’s text.
        </EmptyState>
      }
    >
      {(d) => <PlaybookClauseList owner={{ templateId }} clauses={d.clauses} playbook={d.playbook} canEdit />}
    </QueryState>
  );
}

import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { PageHeader } from '../components/ui/PageHeader';
import { PageError, PageSkeleton } from '@client/components/ui/PageState';
import { RouterLink } from '../components/ui/RouterLink';
import { usePageTitle } from '../components/ui/use-page-title';
import type { TemplateDto } from '@client/lib/api-types';
import { usePermissionFlags } from '@client/lib/use-permission-flags';
import { SignatureFieldPlacement } from '@client/features/negotiation';
import {
  fetchTemplatePdf,
  useSaveTemplateSignatureFields,
  useTemplate,
  useTemplateSignatureFields,
} from '@client/features/templates';

/** /templates/:templateId/fields: where each party signs, for every NDA made from the template afterwards. */
export default function TemplateFieldsPage() {
  usePageTitle('Template signature fields');
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
          title={template.data ? `Signature fields of ${template.data.name}` : 'Template signature fields'}
          description="Draw where each party signs and writes their name, company, title, date and address. NDAs made from this template afterwards take these fields."
        />
      </div>
      {templateId === null ? (
        <PageError error={new Error('This template does not exist.')} />
      ) : template.isPending ? (
        <PageSkeleton />
      ) : template.error ? (
        <PageError error={template.error} />
      ) : (
        <TemplateFields template={template.data} />
      )}
    </Stack>
  );
}

function TemplateFields({ template }: { template: TemplateDto }) {
  const { can } = usePermissionFlags();
  const pdf = useQuery({
    queryKey: ['signature-field-document', 'template', template.id, template.file, template.pageCount],
    queryFn: async ({ signal }) => (await fetchTemplatePdf(template, signal)).arrayBuffer(),
    staleTime: Infinity,
  });
  const fields = useTemplateSignatureFields(template.id);
  const saver = useSaveTemplateSignatureFields(template.id);
  return (
    <SignatureFieldPlacement
      data={pdf.data}
      loadError={pdf.isError ? (pdf.error as Error).message || 'The template could not be loaded.' : null}
      saved={fields.data?.fields}
      saver={saver}
      canEdit={can('canChangeNdatemplate')}
    />
  );
}

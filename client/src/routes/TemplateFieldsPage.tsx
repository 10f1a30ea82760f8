import { useQuery } from '@tanstack/react-query';
import type { TemplateDto } from '@client/lib/api-types';
import { usePermissionFlags } from '@client/lib/use-permission-flags';
import { SignatureFieldPlacement } from '@client/features/negotiation';
import {
  fetchTemplatePdf,
  useSaveTemplateSignatureFields,
  useTemplateSignatureFields,
} from '@client/features/templates';
import { TemplatePageFrame } from './TemplatePageFrame';

/** /templates/:templateId/fields: where each party signs, for every NDA made from the template afterwards. */
export default function TemplateFieldsPage() {
  return (
    <TemplatePageFrame
      pageTitle="Template signature fields"
      title={(template) => `Signature fields of ${template.name}`}
      description="Draw where each party signs and writes their name, company, title, date and address. NDAs made from this template afterwards take these fields."
    >
      {(template) => <TemplateFields template={template} />}
    </TemplatePageFrame>
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

import { usePermissionFlags } from '@client/lib/use-permission-flags';
import { AddTemplateForm } from '@client/features/templates';
import { TemplatePageFrame } from './TemplatePageFrame';

export default function AddTemplatePage() {
  const { can } = usePermissionFlags();
  return (
    <TemplatePageFrame
      pageTitle="Add a new NDA Template"
      description="Upload a PDF, DOC, DOCX or ODT file. Word and ODT files are converted to PDF."
    >
      <AddTemplateForm canAdd={can('canAddNdatemplate')} />
    </TemplatePageFrame>
  );
}

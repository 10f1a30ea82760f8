import { useMutation } from '@tanstack/react-query';
import type { SignatureField } from '@shared/schemas/signature-fields';
import { TEMPLATE_PAGE_SIZE } from '@shared/schemas/templates';
import { trpc } from '@client/lib/trpc';
import { formData, restBlob, restRequest } from '@client/lib/rest';
import type { TemplateDto } from '@client/lib/api-types';

export interface TemplateListParams {
  name: string;
  project: number | null;
  page: number;
}

/** One page (nine cards) of the company's templates, filtered by name and by project. */
export function useTemplatesPage({ name, project, page }: TemplateListParams, enabled = true) {
  return trpc.templates.list.useQuery(
    {
      name: name || undefined,
      projects: project ?? undefined,
      limit: TEMPLATE_PAGE_SIZE,
      offset: (page - 1) * TEMPLATE_PAGE_SIZE,
    },
    { enabled, placeholderData: (previous) => previous },
  );
}

/** Every template of the company (the chooser modal). */
export function useAllTemplates(enabled = true) {
  return trpc.templates.list.useQuery({ limit: -1, offset: 0 }, { enabled });
}

/** Adds a template (multipart: name and file; DOC, DOCX and ODT are converted to PDF on the server). */
export function useCreateTemplate() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({ name, file }: { name: string; file: File }) =>
      restRequest<TemplateDto>('POST', '/projects/nda_templates/', { form: formData({ name, file }) }),
    onSuccess: () => utils.templates.list.invalidate(),
  });
}

export function useRenameTemplate() {
  const utils = trpc.useUtils();
  return trpc.templates.rename.useMutation({ onSuccess: () => utils.templates.list.invalidate() });
}

export function useDeleteTemplate() {
  const utils = trpc.useUtils();
  return trpc.templates.delete.useMutation({ onSuccess: () => utils.templates.list.invalidate() });
}

export function fetchTemplatePdf(template: Pick<TemplateDto, 'id' | 'file'>, signal?: AbortSignal): Promise<Blob> {
  return restBlob(template.file || `/projects/nda_templates/${template.id}/get_nda_template_pdf/`, signal);
}

/** A template's signature fields, which NDAs made from it take. */
export function useTemplateSignatureFields(templateId: number | null) {
  return trpc.templates.signatureFields.useQuery({ id: templateId ?? 0 }, { enabled: templateId !== null });
}

/** Saves a template's whole set of fields; the answer goes into the cache at once. */
export function useSaveTemplateSignatureFields(templateId: number) {
  const utils = trpc.useUtils();
  const save = trpc.templates.setSignatureFields.useMutation({
    onSuccess: (answer) => utils.templates.signatureFields.setData({ id: templateId }, answer),
  });
  return {
    save: (fields: SignatureField[]) => save.mutateAsync({ id: templateId, fields }),
    saving: save.isPending,
  };
}

/** One template of the company, to open on its own page. */
/** A template's clauses, the keys its playbook is written against. */
export function useTemplateClauses(templateId: number) {
  return trpc.templates.clauses.useQuery({ id: templateId });
}

export function useTemplate(templateId: number | null) {
  return trpc.templates.get.useQuery({ id: templateId ?? 0 }, { enabled: templateId !== null });
}

import { useMutation } from '@tanstack/react-query';
import { trpc } from '@client/lib/trpc';
import { formData, restBlob, restRequest, saveBlob } from '@client/lib/rest';
import { ndaFilename, redlineFilename, signedNdaFilename, signedNdasArchiveName } from '@shared/signed-files';
import type { NdaDto } from '@client/lib/api-types';

/** The NDA of a project (projectBranch null) among the project's NDAs. */
export function useProjectNda(projectId: number | null) {
  const query = trpc.ndas.list.useQuery(
    { project: projectId ?? undefined, limit: -1, offset: 0 },
    { enabled: !!projectId },
  );
  const nda = query.data?.results.find((n) => n.projectBranch === null) ?? null;
  return { ...query, nda };
}

/** The NDA of one group, or null when it has none. */
export function useGroupNda(branchId: number | null) {
  const query = trpc.ndas.list.useQuery(
    { projectBranch: branchId ?? undefined, limit: -1, offset: 0 },
    { enabled: !!branchId },
  );
  return { ...query, nda: query.data?.results[0] ?? null };
}

export type NdaSource = { kind: 'template'; template: number } | { kind: 'file'; file: File };
export type NdaTarget = { project: number } | { projectBranch: number };

/** Every cache that shows NDAs is refreshed after a change. */
export function useInvalidateNdas() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.ndas.list.invalidate(), utils.ndas.get.invalidate()]);
}

/**
 * Adds the NDA of a project or a group: from a template (tRPC) or an uploaded file (multipart; DOC,
 * DOCX and ODT are converted to PDF on the server).
 */
export function useCreateNda() {
  const fromTemplate = trpc.ndas.createFromTemplate.useMutation();
  const invalidate = useInvalidateNdas();
  return useMutation({
    mutationFn: async ({
      target,
      name,
      source,
    }: {
      target: NdaTarget;
      name: string;
      source: NdaSource;
    }): Promise<NdaDto> => {
      if (source.kind === 'template') return fromTemplate.mutateAsync({ ...target, name, template: source.template });
      return restRequest<NdaDto>('POST', '/projects/nda/', { form: formData({ ...target, name, file: source.file }) });
    },
    onSuccess: () => invalidate(),
  });
}

/** Renames an NDA and/or gives it a new document. */
export function useEditNda() {
  const update = trpc.ndas.update.useMutation();
  const invalidate = useInvalidateNdas();
  return useMutation({
    mutationFn: async ({
      id,
      name,
      source,
    }: {
      id: number;
      name?: string;
      source?: NdaSource | null;
    }): Promise<NdaDto> => {
      if (source?.kind === 'file')
        return restRequest<NdaDto>('PATCH', `/projects/nda/${id}/`, { form: formData({ name, file: source.file }) });
      return update.mutateAsync({ id, name, template: source?.kind === 'template' ? source.template : undefined });
    },
    onSuccess: () => invalidate(),
  });
}

/** The NDA's PDF (its `file` URL, or its id). */
export function fetchNdaPdf(nda: Pick<NdaDto, 'id'> & { file?: string }, signal?: AbortSignal): Promise<Blob> {
  return restBlob(nda.file ?? `/projects/nda/${nda.id}/get_nda_pdf/`, signal);
}

/**
 * Saves the NDA's PDF (the signed one once signed) under the name the server gives it:
 * `<project> - <group> - <NDA name> (signed).pdf` once signed (shared/signed-files.ts). It asks for the
 * NDA's own address, never its `file` (the document as sent while the seal is pending, which the server
 * then answers 409 rather than give an unsealed file).
 */
export async function downloadNdaPdf(
  nda: { id: number; name: string; isSigned: boolean },
  where: { project: string; group: string },
): Promise<void> {
  const blob = await fetchNdaPdf({ id: nda.id });
  saveBlob(blob, nda.isSigned ? signedNdaFilename({ ...where, nda: nda.name }) : ndaFilename(nda.name));
}

/** Saves the NDA as a Word redline: agreed amendments as tracked changes, open threads as comments. */
export async function downloadNdaRedline(nda: { id: number; name: string }): Promise<void> {
  saveBlob(await restBlob(`/projects/nda/${nda.id}/redline.docx`), redlineFilename(nda.name));
}

/** Saves every signed NDA of the project in one ZIP (for its sending team). */
export async function downloadSignedNdas(project: { id: number; name: string }): Promise<void> {
  const blob = await restBlob(`/projects/projects/${project.id}/signed_ndas.zip`);
  saveBlob(blob, signedNdasArchiveName(project.name));
}

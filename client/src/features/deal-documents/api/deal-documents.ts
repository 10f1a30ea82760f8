import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { DealDocumentDto, DealDocumentReleaseRule } from '@shared/schemas/deal-documents';
import type { PdfLoader } from '@client/components/ui/PdfViewerModal';
import { formData, restFileByParts, restRequest } from '@client/lib/rest';
import { trpc } from '@client/lib/trpc';

/** A project's deal documents: every one for the sending team, those released to them for a bidder. */
export function useDealDocuments(projectId: number) {
  return trpc.dealDocuments.list.useQuery({ project: projectId }, { enabled: projectId > 0 });
}

/** After a change: the list is read again, and the project (its teaser and CIM) with it. */
function useRefresh(projectId: number) {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([
      utils.dealDocuments.list.invalidate({ project: projectId }),
      utils.projects.get.invalidate({ id: projectId }),
    ]);
}

export interface NewDealDocument {
  title: string;
  release: DealDocumentReleaseRule;
  file: File;
}

/**
 * Adds a document (multipart: the file travels with its title and rule). `progress` is the share of
 * the file sent so far, from 0 to 100, while it is on its way (a deal document can be 100 MB).
 */
export function useAddDealDocument(projectId: number) {
  const refresh = useRefresh(projectId);
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (doc: NewDealDocument) => {
      setProgress(0);
      return restRequest<DealDocumentDto>('POST', `/projects/projects/${projectId}/documents/`, {
        form: formData({ ...doc }),
        onUploadProgress: (fraction) => setProgress(Math.round(fraction * 100)),
      });
    },
    onSuccess: refresh,
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}

export function useUpdateDealDocument(projectId: number) {
  const refresh = useRefresh(projectId);
  return trpc.dealDocuments.update.useMutation({ onSuccess: refresh });
}

export function useDeleteDealDocument(projectId: number) {
  const refresh = useRefresh(projectId);
  return trpc.dealDocuments.delete.useMutation({ onSuccess: refresh });
}

export function useReleaseDealDocument(projectId: number) {
  const refresh = useRefresh(projectId);
  return trpc.dealDocuments.release.useMutation({ onSuccess: refresh });
}

const loaders = new Map<string, PdfLoader>();

/**
 * A document's PDF for the viewer, read by parts when it is large: one loader per file address, so
 * the viewer does not load it twice.
 */
export function dealDocumentLoader(doc: Pick<DealDocumentDto, 'file'>): PdfLoader {
  let load = loaders.get(doc.file);
  if (!load) loaders.set(doc.file, (load = (signal) => restFileByParts(doc.file, signal)));
  return load;
}

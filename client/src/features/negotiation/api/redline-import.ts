import { useMutation } from '@tanstack/react-query';
import type { RedlineImportResult, RedlinePreview } from '@shared/redline';
import { formData, restRequest } from '@client/lib/rest';
import { trpc } from '@client/lib/trpc';
import { upsertThread } from './live-updates';

const importUrl = (ndaId: number) => `/projects/nda/${ndaId}/import_redline/`;

/** What a Word mark-up would become: its changes and comments as threads, and what matches no text. */
export function usePreviewRedlineImport(ndaId: number) {
  return useMutation({
    mutationFn: (file: File) =>
      restRequest<RedlinePreview>('POST', importUrl(ndaId), { form: formData({ file, confirm: false }) }),
  });
}

/** Creates the mark-up's threads; they go into the threads cache through the socket's own reducer. */
export function useConfirmRedlineImport(ndaId: number) {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: (file: File) =>
      restRequest<RedlineImportResult>('POST', importUrl(ndaId), { form: formData({ file, confirm: true }) }),
    onSuccess: (result) =>
      utils.threads.list.setData({ nda: ndaId }, (list) => result.threads.reduce(upsertThread, list)),
  });
}

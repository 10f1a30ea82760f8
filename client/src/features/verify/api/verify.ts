import { useMutation } from '@tanstack/react-query';
import type { VerifyResult } from '@shared/verify';
import { formData, restRequest } from '@client/lib/rest';

/** Sends a PDF to POST /verify/ (no sign-in needed) and answers what the server found. */
export function useVerifyDocument() {
  return useMutation({
    mutationFn: (file: File) => restRequest<VerifyResult>('POST', '/verify/', { form: formData({ file }) }),
  });
}

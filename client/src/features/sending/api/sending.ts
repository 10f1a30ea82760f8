import { useMutation } from '@tanstack/react-query';
import { trpc } from '@client/lib/trpc';

export interface SendResult {
  detail: string;
  sent: number;
  nda: { id: number; isSent: boolean; isRecalled: boolean; isSigned: boolean };
}

export interface SendInput {
  branchId: number;
  subject: string;
  note: string;
  /** One recipient (a user id) instead of all of them. */
  signer?: number;
}

/**
 * Sends the group's NDA with a subject and a note, to all its recipients or to one. Every groups query
 * (the tracker's among them) is read again.
 */
export function useSendNda() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({ branchId, subject, note, signer }: SendInput): Promise<SendResult> =>
      signer
        ? utils.client.groups.sendToSigner.mutate({ id: branchId, projectBranch: branchId, subject, note, signer })
        : utils.client.groups.sendToAll.mutate({ id: branchId, projectBranch: branchId, subject, note }),
    onSuccess: () => {
      return Promise.all([
        utils.projects.invalidate(),
        utils.groups.invalidate(),
        utils.ndas.invalidate(),
        utils.events.invalidate(),
      ]);
    },
  });
}

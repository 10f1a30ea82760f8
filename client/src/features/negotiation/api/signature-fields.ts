import type { SignatureField } from '@shared/schemas/signature-fields';
import { trpc } from '@client/lib/trpc';

/** The NDA's signature fields, for both sides (kept live by live-updates.ts). */
export function useSignatureFields(ndaId: number) {
  return trpc.ndas.signatureFields.useQuery({ id: ndaId });
}

/** Saves the whole set; the answer goes into the cache at once (the socket's echo changes nothing). */
export function useSaveSignatureFields(ndaId: number) {
  const utils = trpc.useUtils();
  const save = trpc.ndas.setSignatureFields.useMutation({
    onSuccess: (answer) => utils.ndas.signatureFields.setData({ id: ndaId }, answer),
  });
  return {
    save: (fields: SignatureField[]) => save.mutateAsync({ id: ndaId, fields }),
    saving: save.isPending,
  };
}

/**
 * Whether the sending company's owner has a job title, the sender's title on the NDAs it sends: the
 * owner's own profile when the owner is looking (fresh after an edit), else the company's record.
 * Read only for the sender's side (`enabled`).
 */
export function useSenderJobTitle(me: { id: number; jobTitle: string }, enabled: boolean) {
  const company = trpc.account.company.useQuery(undefined, { enabled });
  const isOwner = company.data?.owner === me.id;
  const title = isOwner ? me.jobTitle : (company.data?.ownerJobTitle ?? null);
  return { isOwner, missing: company.isSuccess && !title };
}

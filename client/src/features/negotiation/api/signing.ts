import type { QueryClient } from '@tanstack/react-query';
import { getMutationKey } from '@trpc/react-query';
import { companyUpdateInput } from '@shared/schemas/account';
import { restBlob } from '@client/lib/rest';
import { trpc } from '@client/lib/trpc';

/**
 * Whether this browser awaits the answer of its own signature or countersignature: that answer brings
 * the signed NDA, so an nda.signed message arriving first need not read the NDA again.
 */
export function awaitsOwnSignature(queryClient: QueryClient): boolean {
  return [trpc.signing.sign, trpc.signing.countersign].some(
    (call) => queryClient.isMutating({ mutationKey: getMutationKey(call) }) > 0,
  );
}

/** Signing's answer is the NDA as the NDA read presents it, with `nda`, its id, beside it. */
const presented = <T extends { nda: number }>({ nda: _id, ...nda }: T) => nda;

/**
 * Signing and passing by the signer's signership. Their answers go straight into the caches the page
 * reads (the NDA, the group's signerships, the signer's company given with the signature), so nothing
 * is read again; the nda.signed and nda.rejected messages do the same for everyone else
 * (negotiation/api/live-updates.ts).
 */
export function useSigningActions(ndaId: number, branchId: number) {
  const utils = trpc.useUtils();
  const markSignership = (
    signershipId: number,
    change: { signed?: boolean; rejected?: boolean; rejectionReason?: string | null },
  ) =>
    utils.groups.get.setData({ id: branchId }, (branch) =>
      branch
        ? { ...branch, signerships: branch.signerships.map((s) => (s.id === signershipId ? { ...s, ...change } : s)) }
        : branch,
    );

  const sign = trpc.signing.sign.useMutation({
    onSuccess: (result, { signership, ...given }) => {
      utils.ndas.get.setData({ id: ndaId }, presented(result));
      markSignership(signership, { signed: true });
      const company = companyUpdateInput.safeParse(given);
      if (company.success)
        utils.account.company.setData(undefined, (saved) => (saved ? { ...saved, ...company.data } : saved));
    },
  });
  const pass = trpc.signing.pass.useMutation({
    onSuccess: (result, { signership }) => {
      markSignership(signership, { rejected: true, rejectionReason: result.reason });
      utils.groups.get.setData({ id: branchId }, (branch) => (branch ? { ...branch, passed: true } : branch));
      void utils.groups.get.invalidate({ id: branchId });
    },
  });
  return { sign, pass };
}

/** The sending side countersigns an NDA the bidder signed; its answer, the NDA, goes into the cache. */
export function useCountersign(ndaId: number) {
  const utils = trpc.useUtils();
  return trpc.signing.countersign.useMutation({
    onSuccess: (result) => utils.ndas.get.setData({ id: ndaId }, presented(result)),
  });
}

/** The signer's company (name and address are stamped on the signed NDA) and its update. */
export function useSignerCompany() {
  const utils = trpc.useUtils();
  const company = trpc.account.company.useQuery();
  const update = trpc.account.updateCompany.useMutation({
    onSuccess: (saved) => utils.account.company.setData(undefined, saved),
  });
  return { company, update };
}

/** The final document as it will be signed (a preview, not sealed), built on the server each time it is asked for. */
export function loadSigningPreview(ndaId: number): (signal: AbortSignal) => Promise<Blob> {
  return (signal) => restBlob(`/projects/nda/${ndaId}/signing_preview/`, signal);
}

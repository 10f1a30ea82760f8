import { restBlob } from '@client/lib/rest';
import { trpc } from '@client/lib/trpc';

/**
 * Signing and passing by the signer's signership. Their answers go straight into the caches the page
 * reads (the NDA, the group's signerships); the nda.signed and nda.rejected messages do the same for
 * everyone else (negotiation/api/live-updates.ts).
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
    onSuccess: (result, { signership }) => {
      utils.ndas.get.setData({ id: ndaId }, (nda) =>
        nda ? { ...nda, isSigned: result.isSigned, recipientSignedAt: result.recipientSignedAt } : nda,
      );
      markSignership(signership, { signed: true });
      void utils.ndas.get.invalidate({ id: ndaId });
      void utils.groups.get.invalidate({ id: branchId });
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

/** The sending side countersigns an NDA the bidder signed; the NDA and its group are read again. */
export function useCountersign(ndaId: number, branchId: number) {
  const utils = trpc.useUtils();
  return trpc.signing.countersign.useMutation({
    onSuccess: (result) => {
      utils.ndas.get.setData({ id: ndaId }, (nda) =>
        nda
          ? {
              ...nda,
              isSigned: result.isSigned,
              signedAt: result.signedAt,
              recipientSignedAt: null,
              signedSha256: result.signedSha256,
            }
          : nda,
      );
      void utils.ndas.get.invalidate({ id: ndaId });
      void utils.groups.get.invalidate({ id: branchId });
    },
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

/** react-query keys of the NDA review page's own reads (the tRPC reads are keyed by tRPC). */
export const negotiationKeys = {
  pdf: (ndaId: number, file: string) => ['negotiation', 'pdf', ndaId, file] as const,
  presence: (ndaId: number) => ['negotiation', 'presence', ndaId] as const,
};

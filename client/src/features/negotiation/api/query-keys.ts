/** react-query keys of the NDA review page's own reads (the tRPC reads are keyed by tRPC). */
export const negotiationKeys = {
  pdf: (ndaId: number, file: string, signed: boolean) => ['negotiation', 'pdf', ndaId, file, signed] as const,
  presence: (ndaId: number) => ['negotiation', 'presence', ndaId] as const,
};

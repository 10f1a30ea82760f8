import type { SignatureField } from '@shared/schemas/signature-fields.js';

/** What the signed PDF shows: the parties, the negotiation and the timeline, all in UTC. */
export interface Party {
  role: 'Disclosing party' | 'Receiving party';
  name: string;
  email: string;
  company: string;
  companyAddress: string;
  /** PNG bytes of the signature image. */
  signature: Uint8Array;
  signedAt: string;
  ip: string;
}

export interface TimelineEntry {
  at: string;
  what: string;
  who: string;
  ip: string;
}

export interface SignedNdaInput {
  /** The original PDF as sent. */
  original: Uint8Array;
  documentName: string;
  documentId: string;
  originalSha256: string;
  sender: Party;
  recipient: Party;
  timeline: TimelineEntry[];
  threads: Array<{ text: string; author: string; status: string; comments: number }>;
  /** Where each party signs on the original pages; none: the signatures go at the foot of the last page. */
  fields?: SignatureField[];
}

import type { SignatureField } from '@shared/schemas/signature-fields.js';

/** What the signed PDF shows: the parties, the agreed amendments, the negotiation and the timeline, all in UTC. */
export interface Party {
  role: 'Disclosing party' | 'Receiving party';
  name: string;
  /** The signatory's job title as the signature table shows it; empty when they gave none. */
  title: string;
  email: string;
  /** The party's legal name: the disclosing party the project names, else the sending company; the signer's company. */
  company: string;
  companyAddress: string;
  /** The sending company, when it signs as the disclosing party's agent. */
  agent?: string;
  /** PNG bytes of the signature image; null in a preview, before anyone signs. */
  signature: Uint8Array | null;
  /** When the signature was applied; null in a preview. */
  signedAt: string | null;
  /** Where the party acted from: the signer's IP when signing, the sender's when they sent or approved. */
  ip: string;
  /** What that IP was recorded for, when it is not the signature itself (the sender's sending or approval). */
  ipRecordedFor?: string;
  /** How the signature was applied, when not by the party's own hand at that moment (the sender's). */
  applied?: string;
  /** The party's consent to sign electronically: ticked in the confirmation, or implied by a call through the API. */
  consent?: Consent;
}

export interface Consent {
  at: string;
  via: 'confirmation' | 'api';
  ip: string;
  userAgent: string;
}

export interface TimelineEntry {
  at: string;
  what: string;
  who: string;
  ip: string;
}

/** One approval of the agreed wording. */
export interface Approval {
  who: string;
  role: Party['role'];
  at: string;
}

/** A thread approved by both parties: what it changes and who agreed to it, for the schedule. */
export interface Amendment {
  /** The thread's number, as the NDA page and the certificate number them. */
  number: number;
  pages: number[];
  quote: string | null;
  /** The wording agreed: the thread's standing proposal, or its own text when it proposed none. */
  wording: string;
  /** The thread proposed no wording: its text is the agreed point. */
  isPoint: boolean;
  approvals: Approval[];
}

/** A thread as the certificate records it: its final status in words and its history in UTC. */
export interface CertificateThread {
  number: number;
  text: string;
  author: string;
  pages: number[];
  quote: string | null;
  /** The status in plain words (shared/negotiation.ts), never the stored code. */
  status: string;
  /** Both parties rejected it: it changes nothing, and the document's original text stands. */
  originalTextStands?: boolean;
  history: Array<{ at: string; what: string }>;
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
  amendments: Amendment[];
  threads: CertificateThread[];
  /** Where each party signs on the original pages; none: the signatures go on a signature page appended after them. */
  fields: SignatureField[];
  /** A preview before signing: marked on every page, signatures left as placeholders, not sealed. */
  preview?: { openThreads: number };
  /** The seal carries a timestamp authority's time (SIGNING_TSA_URL is set): set by the signing pool. */
  timestamped?: boolean;
}

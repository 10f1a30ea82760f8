import type { ClauseRef } from './clause-attach.js';
/**
 * The DTOs the server's presenters produce that also travel in socket messages, declared here so
 * the socket contract (shared/realtime/contract.ts) can name them on both sides.
 */

export interface PointerDto {
  id: number;
  page: number;
  x: number;
  y: number;
  commentThread: number;
}

export interface CommentDto {
  id: number;
  text: string;
  author: string;
  authorId: number | null;
  created: string;
  updated: string;
  commentThread: number;
  /** The counter-proposal this reply carries, or null. */
  proposal: string | null;
}

/** The sending team's internal note on a thread: answered to that team only, never to a recipient. */
export interface NoteDto {
  id: number;
  commentThread: number;
  nda: number;
  text: string;
  author: string;
  authorId: number | null;
  created: string;
}

/**
 * A team member's reply with a proposal, held for internal approval: answered to the sending team only
 * (`approval` is "pending" while held, "released" in the answer of its release).
 */
export interface HeldProposalDto {
  id: number;
  commentThread: number;
  nda: number;
  text: string;
  proposal: string;
  author: string;
  authorId: number | null;
  created: string;
  approval: 'pending' | 'released';
}

/** Wording proposed on a thread: by its opening or by a reply. */
export interface ProposalDto {
  text: string;
  author: string;
  authorId: number | null;
  created: string;
}

export interface ThreadDto {
  id: number;
  nda: number;
  text: string;
  author: string;
  authorId: number | null;
  created: string;
  updated: string;
  negotiationStatus: string;
  /** The words of the clause selected on the page, or null. */
  quote: string | null;
  /** The wording that stands: the latest proposal, or null. */
  proposal: string | null;
  /** Every proposal, oldest first. */
  proposals: ProposalDto[];
  pointers: PointerDto[];
  comments: CommentDto[];
  /** The clause of the NDA its quote or first pointer falls in (shared/clause-attach.ts), or null. */
  clause: ClauseRef | null;
  /** Made from a Word mark-up: who imported it, and the bidder's company when the sending team did it for them. */
  imported: ThreadImport | null;
}

/** Where an imported thread came from (POST /projects/nda/{id}/import_redline/ with confirm). */
export interface ThreadImport {
  by: string;
  onBehalfOf: string | null;
}

/** The spec's NDA. `file` is the URL of its PDF, versioned by content so a replaced document is never served from cache. */
export interface NdaDto {
  id: number;
  name: string;
  project: number;
  projectBranch: number | null;
  template: number | null;
  file: string;
  pageCount: number;
  isSigned: boolean;
  /** Signed by both parties, the seal waiting for a timestamp authority: "Signed, seal pending". */
  sealPending: boolean;
  isSent: boolean;
  isRecalled: boolean;
  signedAt: string | null;
  signedBy: number | null;
  /** When the bidder signed, while the sending side's countersignature is pending (null otherwise). */
  recipientSignedAt: string | null;
  /** The SHA-256 of the signed file issued (hex), what the verify page matches; null until signed. */
  signedSha256: string | null;
  created: string;
}

/** The spec's Event. isRead is per reader and filled by the feed query. */
export interface EventDto {
  id: number;
  project: number;
  projectBranch: number | null;
  nda: number | null;
  subject: number | null;
  author: string;
  authorId: number | null;
  status: string;
  created: string;
  isRead: boolean;
  /** For nda_rejected: why the recipient passed, in their words (null when they did not say). */
  reason: string | null;
  /** An event the feed tells as a whole sentence (document_opened: "Kestrel Partners opened the CIM"), else null. */
  sentence: string | null;
}

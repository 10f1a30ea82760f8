import type {
  CommentDto,
  EventDto,
  HeldProposalDto,
  NdaDto,
  NoteDto,
  PointerDto,
  ProposalDto,
  ThreadDto,
} from '../dto.js';
import type { NegotiationStatus } from '../negotiation.js';
import type { DealDocumentDto } from '../schemas/deal-documents.js';
import type { SignatureField } from '../schemas/signature-fields.js';

/**
 * The socket contract, in one place: every message the server pushes (name -> payload) and every
 * message the client sends (with its acknowledgement). socket.io's typed generics take these maps on
 * both sides, so a wrong name or payload is a type error in the publishers and in the client's
 * handlers alike. Names are `<domain>.<verb>`. The rooms each message goes to are chosen by the
 * publishers (server/realtime/publishers) and listed in the README.
 */

/** A message about one thing of an NDA: which NDA, so a page ignores the messages of others. */
interface OfNda {
  nda: number;
}

export interface ThreadDeleted extends OfNda {
  id: number;
}

/** A comment or pointer removed from a thread. */
export interface ThreadPartDeleted extends OfNda {
  id: number;
  commentThread: number;
}

export interface NegotiationChanged extends OfNda {
  thread: number;
  negotiationStatus: NegotiationStatus;
  /** The user who moved. */
  by: number;
}

/**
 * New wording proposed in a reply (a counter-proposal): it becomes the thread's current proposal and
 * the thread's status after it (a one-sided approval or rejection no longer counts). The reply itself
 * comes as comment.created, carrying the same `proposal`.
 */
export interface ProposalCreated extends OfNda {
  commentThread: number;
  /** The reply that carries it. */
  comment: number;
  proposal: ProposalDto;
  negotiationStatus: NegotiationStatus;
}

/** The NDA's signature fields after a change: the whole set, as GET answers it. */
export interface SignatureFieldsChanged extends OfNda {
  fields: SignatureField[];
}

export interface NdaDeleted {
  id: number;
  project: number;
  projectBranch: number | null;
}

/** A signer's decision on their group's NDA: signed, or passed on (rejected). */
interface SignerDecision extends OfNda {
  project: number;
  projectBranch: number;
  signership: number;
}

export interface NdaSigned extends SignerDecision {
  isSigned: true;
  signedAt: string;
  signedBy: number;
}

export interface NdaRejected extends SignerDecision {
  rejectedAt: string;
}

export interface ProjectReceived {
  project: number;
  projectBranch: number;
}

export interface PresenceViewer {
  userId: number;
  name: string;
  page: number;
}

/**
 * Who views an NDA, gathered: at most ten messages a second per room. With `full` (the first message
 * a socket gets after joining the room) `viewers` is the whole list; otherwise `viewers` are those who
 * arrived or moved to another page since the last message, and `left` the user ids of those gone.
 */
export interface PresenceChanged extends OfNda {
  viewers: PresenceViewer[];
  left: number[];
  full: boolean;
}

/**
 * The company's subscription, limits, invoices or purchases changed (a checkout paid, add-ons bought,
 * cancelled, renewed, ended): pages re-read GET /billing/subscription/ and the lists they show.
 */
export interface BillingChanged {
  company: number;
}

/**
 * Events now read by the user, who watched them arrive on their NDA's page (shared/event-reads.ts):
 * every tab of the user marks them read, the one that watched them included.
 */
export interface EventsRead {
  project: number;
  events: number[];
}

/**
 * A deal document reached a group (by its rule at the NDA's sending or signature, or by hand): the
 * group's bidders get it as they see it (with its release time); the sending team reads its list again.
 * Sent only once released, so no bidder learns the title of a document not released to them.
 */
export interface DocumentReleased {
  project: number;
  projectBranch: number;
  document: DealDocumentDto;
}

/** What the server pushes. */
export interface ServerToClientEvents {
  'thread.created': (thread: ThreadDto) => void;
  'thread.updated': (thread: ThreadDto) => void;
  'thread.deleted': (message: ThreadDeleted) => void;
  'comment.created': (comment: CommentDto & OfNda) => void;
  'comment.updated': (comment: CommentDto & OfNda) => void;
  'comment.deleted': (message: ThreadPartDeleted) => void;
  'pointer.created': (pointer: PointerDto & OfNda) => void;
  'pointer.deleted': (message: ThreadPartDeleted) => void;
  'negotiation.changed': (message: NegotiationChanged) => void;
  'proposal.created': (message: ProposalCreated) => void;
  'nda.created': (nda: NdaDto) => void;
  'nda.updated': (nda: NdaDto) => void;
  'nda.deleted': (message: NdaDeleted) => void;
  'nda.signed': (message: NdaSigned) => void;
  'nda.rejected': (message: NdaRejected) => void;
  'event.created': (event: EventDto) => void;
  'project.received': (message: ProjectReceived) => void;
  'presence.changed': (message: PresenceChanged) => void;
  'signatureFields.changed': (message: SignatureFieldsChanged) => void;
  'billing.changed': (message: BillingChanged) => void;
  'events.read': (message: EventsRead) => void;
  /** An internal note: to the project's senders only. */
  'note.created': (note: NoteDto) => void;
  /** A proposal held for internal approval, or no longer held (released or discarded): senders only. */
  'proposal.held': (held: HeldProposalDto) => void;
  'proposal.unheld': (message: { id: number; commentThread: number; nda: number; released: boolean }) => void;
  'document.released': (message: DocumentReleased) => void;
}

export type ServerMessage = keyof ServerToClientEvents;
export type ServerPayload<M extends ServerMessage> = Parameters<ServerToClientEvents[M]>[0];

/** The room a client asks to join: a project (its senders, or a signer's own groups) or an NDA. */
export type RoomTarget = { projectId: number } | { ndaId: number };

/** `retry`: the server could not answer for its own reasons (not a refusal); asking again later may work. */
export type SubscribeAck = { ok: true; rooms: string[] } | { ok: false; error: string; retry?: boolean };

/**
 * The errors a message's acknowledgement can carry besides a policy's refusal. A client told
 * `tooMany` may ask again a moment later; one that keeps sending over the limit is disconnected.
 */
export const SOCKET_ERRORS = {
  tooMany: 'Too many messages. Please slow down.',
  unknown: 'Unknown message.',
} as const;

/** What the client sends. */
export interface ClientToServerEvents {
  subscribe: (target: RoomTarget, ack: (answer: SubscribeAck) => void) => void;
  unsubscribe: (target: RoomTarget, ack: (answer: SubscribeAck) => void) => void;
  /** The page of the NDA this browser shows, for the others' avatars (only in a joined NDA room). */
  'presence.update': (message: { ndaId: number; page: number }) => void;
}

/** Every server message with the room kinds it goes to: for the docs (README, OpenAPI) and tests. */
export const SERVER_MESSAGES: Record<ServerMessage, { rooms: string; payload: string }> = {
  'thread.created': { rooms: 'nda, project', payload: 'Thread (with quote, proposal, proposals)' },
  'thread.updated': { rooms: 'nda, project', payload: 'Thread' },
  'thread.deleted': { rooms: 'nda, project', payload: '{id, nda}' },
  'comment.created': { rooms: 'nda', payload: 'Comment (with proposal) & {nda}' },
  'comment.updated': { rooms: 'nda', payload: 'Comment & {nda}' },
  'comment.deleted': { rooms: 'nda', payload: '{id, commentThread, nda}' },
  'pointer.created': { rooms: 'nda, project', payload: 'Pointer & {nda}' },
  'pointer.deleted': { rooms: 'nda, project', payload: '{id, commentThread, nda}' },
  'negotiation.changed': { rooms: 'nda, project', payload: '{thread, nda, negotiationStatus, by}' },
  'proposal.created': {
    rooms: 'nda, project',
    payload: '{nda, commentThread, comment, proposal: {text, author, authorId, created}, negotiationStatus}',
  },
  'nda.created': { rooms: 'project', payload: 'Nda' },
  'nda.updated': { rooms: 'project, nda', payload: 'Nda' },
  'nda.deleted': { rooms: 'project, nda', payload: '{id, project, projectBranch}' },
  'nda.signed': {
    rooms: 'nda, project, branch',
    payload: '{nda, project, projectBranch, signership, isSigned, signedAt, signedBy}',
  },
  'nda.rejected': { rooms: 'nda, project, branch', payload: '{nda, project, projectBranch, signership, rejectedAt}' },
  'event.created': { rooms: 'project, branch (of a group event)', payload: 'Event' },
  'project.received': { rooms: 'user (each recipient)', payload: '{project, projectBranch}' },
  'presence.changed': {
    rooms: 'nda',
    payload: '{nda, viewers: [{userId, name, page}], left: [userId], full} (at most 10 a second per room)',
  },
  'signatureFields.changed': {
    rooms: 'nda',
    payload: '{nda, fields: [{party, kind, page, x, y, width, height}]}',
  },
  'billing.changed': { rooms: 'user (the owner and each team member of the company)', payload: '{company}' },
  'events.read': { rooms: 'user (each who had the NDA open)', payload: '{project, events}' },
  'proposal.held': {
    rooms: 'project (its senders only)',
    payload: 'HeldProposal {id, commentThread, nda, text, proposal, author, authorId, created, approval}',
  },
  'proposal.unheld': { rooms: 'project (its senders only)', payload: '{id, commentThread, nda, released}' },
  'note.created': {
    rooms: 'project (its senders only, never the NDA room)',
    payload: 'Note {id, commentThread, nda, text, author, authorId, created}',
  },
  'document.released': { rooms: 'branch, project', payload: '{project, projectBranch, document: DealDocument}' },
};

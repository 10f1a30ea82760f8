import type { RouterOutputs } from '@client/lib/router-types';

export type Thread = RouterOutputs['threads']['list'][number];
export type ThreadComment = Thread['comments'][number];
export type ThreadPointer = Thread['pointers'][number];
export type ThreadProposal = Thread['proposals'][number];
export type Nda = RouterOutputs['ndas']['get'];

export type Branch = RouterOutputs['groups']['get'];
export type Project = RouterOutputs['projects']['get'];
export type Signership = Branch['signerships'][number];

/** A member of the project's team, as projects.team answers them. */
export type TeamMember = RouterOutputs['projects']['team'][number];

/** A viewer of an NDA, as presence.changed reports them. */
export interface Viewer {
  userId: number;
  name: string;
  page: number;
}

/** A pointer placed in comment mode and not saved yet, with the words selected there (its quote). */
export interface PendingPointer {
  page: number;
  x: number;
  y: number;
  quote: string | null;
}

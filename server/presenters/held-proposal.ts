import type { Selectable } from 'kysely';
import type { HeldProposalDto } from '@shared/dto.js';
import type { HeldProposalsTable } from '../db/schema.js';

export type { HeldProposalDto };

/** A proposal held for internal approval, for the sending team only. */
export function presentHeldProposal(
  row: Selectable<HeldProposalsTable>,
  nda: number,
  names: Map<number, string>,
  approval: HeldProposalDto['approval'] = 'pending',
): HeldProposalDto {
  return {
    id: row.id,
    commentThread: row.commentThreadId,
    nda,
    text: row.text,
    proposal: row.proposal,
    author: (row.authorId && names.get(row.authorId)) || 'Deleted user',
    authorId: row.authorId,
    created: row.createdAt.toISOString(),
    approval,
  };
}

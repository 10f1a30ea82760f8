import { API_BASE } from '@shared/constants.js';
import type { DealDocumentDto } from '@shared/schemas/deal-documents.js';
import type { DealDocumentRow } from '@server/db/schema.js';
import type { BranchRelease } from '@server/policies/deal-documents.js';

/** The download address; it changes with the stored file, so a replaced file is never served stale. */
export function dealDocumentUrl(row: Pick<DealDocumentRow, 'id' | 'projectId' | 'fileKey'>): string {
  const version = row.fileKey.slice(-12).replace(/[^a-zA-Z0-9]/g, '');
  return `${API_BASE}/projects/projects/${row.projectId}/documents/${row.id}/file/?v=${version}`;
}

/** A document as the sending team sees it: with every group it has reached. */
export function presentDealDocumentForTeam(row: DealDocumentRow, releases: BranchRelease[]): DealDocumentDto {
  return {
    ...common(row),
    releasedAt: null,
    releases: releases
      .filter((r) => r.documentId === row.id)
      .map((r) => ({ projectBranch: r.projectBranchId, releasedAt: r.releasedAt.toISOString() })),
  };
}

/** A document as a bidder sees it (only one released to them): when it reached them, no other group. */
export function presentDealDocumentForBidder(row: DealDocumentRow, releasedAt: Date): DealDocumentDto {
  return { ...common(row), releasedAt: releasedAt.toISOString(), releases: [] };
}

function common(row: DealDocumentRow) {
  return {
    id: row.id,
    project: row.projectId,
    kind: row.kind,
    title: row.title,
    release: row.release,
    fileName: row.fileName,
    fileSize: row.fileSize,
    file: dealDocumentUrl(row),
    created: row.createdAt.toISOString(),
  };
}

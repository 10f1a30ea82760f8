import { API_BASE } from '@shared/constants.js';
import type { NdaDto } from '@shared/dto.js';
import type { NdaRow } from '../db/schema.js';

export type { NdaDto };

/**
 * Once signed, the same call answers the sealed PDF: the version changes so no cached original is shown.
 * While the seal is pending there is no signed file to show (409): the document as sent is shown.
 */
export function ndaFileUrl(nda: Pick<NdaRow, 'id' | 'fileSha256' | 'isSigned' | 'sealPending'>): string {
  const url = `${API_BASE}/projects/nda/${nda.id}/get_nda_pdf/?v=${nda.fileSha256.slice(0, 12)}`;
  if (!nda.isSigned) return url;
  return nda.sealPending ? `${url}-seal-pending&original=true` : `${url}-signed`;
}

export function presentNda(nda: NdaRow): NdaDto {
  return {
    id: nda.id,
    name: nda.name,
    project: nda.projectId,
    projectBranch: nda.projectBranchId,
    template: nda.templateId,
    file: ndaFileUrl(nda),
    pageCount: nda.pageCount,
    isSigned: nda.isSigned,
    sealPending: nda.sealPending,
    isSent: nda.isSent,
    isRecalled: nda.isRecalled,
    signedAt: nda.signedAt?.toISOString() ?? null,
    signedBy: nda.signedById,
    recipientSignedAt: nda.isSigned || nda.isRecalled ? null : (nda.recipientSignedAt?.toISOString() ?? null),
    signedSha256: nda.isSigned ? nda.signedSha256 : null,
    created: nda.createdAt.toISOString(),
  };
}

import { API_BASE } from '@shared/constants.js';
import type { NdaRow } from '../db/schema.js';

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
  isSent: boolean;
  isRecalled: boolean;
  signedAt: string | null;
  signedBy: number | null;
  created: string;
}

/** Once signed, the same call answers the sealed PDF: the version changes so no cached original is shown. */
export function ndaFileUrl(nda: Pick<NdaRow, 'id' | 'fileSha256' | 'isSigned'>): string {
  return `${API_BASE}/projects/nda/${nda.id}/get_nda_pdf/?v=${nda.fileSha256.slice(0, 12)}${nda.isSigned ? '-signed' : ''}`;
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
    isSent: nda.isSent,
    isRecalled: nda.isRecalled,
    signedAt: nda.signedAt?.toISOString() ?? null,
    signedBy: nda.signedById,
    created: nda.createdAt.toISOString(),
  };
}

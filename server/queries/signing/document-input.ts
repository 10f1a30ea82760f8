import type { Core } from '@server/core.js';
import type { NdaRow } from '@server/db/schema.js';
import type { Party, SignedNdaInput } from '@server/services/signing/types.js';
import { readSignatureFields } from '../ndas/signature-fields.js';
import type { signingRecord } from './signing-record.js';

/**
 * What the PDF builder takes for a group's NDA, signed or previewed alike: the original as sent, its
 * identity, both parties, the record (timeline, agreed amendments, threads) and the signature fields.
 */
export async function documentInput(
  core: Core,
  {
    nda,
    record,
    parties,
  }: { nda: NdaRow; record: Awaited<ReturnType<typeof signingRecord>>; parties: { sender: Party; recipient: Party } },
): Promise<SignedNdaInput> {
  const original = await core.blobs.get(nda.fileKey);
  if (!original) throw new Error(`NDA ${nda.id} has no file`);
  return {
    original: original.body,
    documentName: nda.name,
    documentId: `NDA-${nda.id}`,
    originalSha256: nda.fileSha256,
    uploadedSha256: nda.uploadedSha256,
    verifyUrl: `${core.config.appUrl}/verify`,
    openings: record.openings,
    sender: parties.sender,
    recipient: parties.recipient,
    timeline: record.timeline,
    amendments: record.amendments,
    threads: record.threads,
    fields: await readSignatureFields(core.db, nda.id),
  };
}

import type { SignatureField } from '@shared/schemas/signature-fields.js';
import type { Tx } from '@server/db/transaction.js';
import { rooms } from '../rooms.js';
import { emitAfterCommit, type Realtime } from './after-commit.js';

/** A new set of signature fields reaches whoever has the NDA open, both sides. */
export function publishSignatureFieldsChanged(
  core: Realtime,
  tx: Tx,
  { nda, fields }: { nda: number; fields: SignatureField[] },
): void {
  emitAfterCommit(core, tx, rooms.nda(nda), 'signatureFields.changed', { nda, fields });
}

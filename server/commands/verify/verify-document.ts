import { MAX_VERIFY_BYTES, VERIFY_MESSAGES, type VerifiedParty, type VerifyResult } from '@shared/verify.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import { disclosingSide, fullName } from '@server/queries/signing/parties.js';
import { sniffMime } from '@server/services/file-sniff.js';
import { readPdfSignatures } from '@server/services/signing/pdf-signatures.js';
import { sha256 } from '@server/services/tokens.js';
import { enforceRateLimit } from '../auth/rate-limit.js';

/**
 * Checks a PDF anyone holds against the signed NDAs this service issued, with no sign-in: its SHA-256
 * is looked up among the signed files' (`verified` only for the very bytes issued), and its digital
 * signatures are checked as a reader would. Limited per IP, since anyone may call it.
 */
export async function verifyDocument(
  core: Core,
  { upload, ip }: { upload: { body: Buffer; tooLarge: boolean } | null; ip: string },
): Promise<VerifyResult> {
  if (!upload || upload.body.length === 0) throw AppError.fields('upload_invalid', { file: VERIFY_MESSAGES.file });
  if (upload.tooLarge || upload.body.length > MAX_VERIFY_BYTES)
    throw AppError.fields('payload_too_large', { file: VERIFY_MESSAGES.tooLarge }, 'payload_too_large');
  if ((await sniffMime(upload.body)) !== 'application/pdf')
    throw AppError.fields('upload_invalid', { file: VERIFY_MESSAGES.notPdf });
  // Counted once the file is a PDF to check: a refused upload costs nothing and changes nothing.
  await enforceRateLimit(core, { scope: 'verify', ip });

  const digest = sha256(upload.body);
  const signatures = readPdfSignatures(upload.body).map((s) => ({
    valid: s.valid,
    coversWholeDocument: s.coversWholeDocument,
    signer: s.signer,
    timestamp: s.timestamp?.toISOString() ?? null,
  }));
  const modifiedAfterSealing = signatures.length > 0 && !signatures.some((s) => s.coversWholeDocument);
  const nda = await core.db
    .selectFrom('ndas')
    .innerJoin('projects', 'projects.id', 'ndas.projectId')
    .select([
      'ndas.id',
      'ndas.signedAt',
      'ndas.projectBranchId',
      'projects.companyId',
      'projects.disclosingPartyName',
      'projects.disclosingPartyAddress',
      'projects.signsAsAgent',
    ])
    .where('ndas.signedSha256', '=', digest)
    .where('ndas.isSigned', '=', true)
    .executeTakeFirst();
  if (!nda)
    return { checksum: 'not_found', document: null, signedAt: null, parties: [], signatures, modifiedAfterSealing };
  return {
    checksum: 'verified',
    document: `NDA-${nda.id}`,
    signedAt: nda.signedAt?.toISOString() ?? null,
    parties: await partiesOf(core, nda),
    signatures,
    modifiedAfterSealing,
  };
}

/** Both parties as the signed file names them: the disclosing side and the receiving party's signatory. */
async function partiesOf(
  core: Core,
  nda: {
    projectBranchId: number | null;
    companyId: number;
    disclosingPartyName: string;
    disclosingPartyAddress: string;
    signsAsAgent: boolean;
  },
): Promise<VerifiedParty[]> {
  const company = await core.db
    .selectFrom('companies')
    .select(['name', 'address'])
    .where('id', '=', nda.companyId)
    .executeTakeFirstOrThrow();
  const parties: VerifiedParty[] = [
    { role: 'Disclosing party', name: '', company: disclosingSide(company, nda).company },
  ];
  if (nda.projectBranchId === null) return parties;
  const signer = await core.db
    .selectFrom('signerships')
    .innerJoin('users', 'users.id', 'signerships.userId')
    .leftJoin('companies', 'companies.id', 'users.companyId')
    .select(['users.firstName', 'users.lastName', 'users.email', 'companies.name as company'])
    .where('signerships.projectBranchId', '=', nda.projectBranchId)
    .where('signerships.signedAt', 'is not', null)
    .orderBy('signerships.signedAt')
    .executeTakeFirst();
  if (signer)
    parties.push({ role: 'Receiving party', name: fullName(signer), company: signer.company ?? fullName(signer) });
  return parties;
}

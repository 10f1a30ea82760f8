/** What the public verify page and POST /api/v1/verify/ answer about a PDF. */
export interface VerifiedParty {
  role: 'Disclosing party' | 'Receiving party';
  /** The signatory's name; empty for a disclosing party signed for by an account's standing authority. */
  name: string;
  company: string;
}

export interface VerifySignature {
  /** The signed bytes match the signature's digest, and the signature matches its certificate. */
  valid: boolean;
  /** The signature covers the file from its first byte to its last: nothing was added after it. */
  coversWholeDocument: boolean;
  /** The common name of the signing certificate. */
  signer: string | null;
  /** The trusted time of the signature's RFC 3161 timestamp, if it has one (ISO 8601, UTC). */
  timestamp: string | null;
}

export interface VerifyResult {
  /** `verified`: the file's SHA-256 is that of a signed NDA issued by this service, byte for byte. */
  checksum: 'verified' | 'not_found';
  /** The NDA's document ID ("NDA-12") when verified. */
  document: string | null;
  signedAt: string | null;
  parties: VerifiedParty[];
  signatures: VerifySignature[];
  /** The file carries signatures, but something was added after the last of them. */
  modifiedAfterSealing: boolean;
}

export const VERIFY_MESSAGES = {
  file: 'Choose the signed PDF to check.',
  notPdf: 'This file is not a PDF. Choose the signed PDF you received.',
  tooLarge: 'This file is larger than any signed NDA we issue (20 MB).',
  tooMany: 'Too many files checked from this network. Please try again in an hour.',
} as const;

/** A signed NDA is at most this large (the original's 3 MB plus pages added and the seal). */
export const MAX_VERIFY_BYTES = 20 * 1024 * 1024;

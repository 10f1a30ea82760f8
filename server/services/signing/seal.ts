import { SignPdf, Signer } from '@signpdf/signpdf';
import { cadesDetached } from './cades.js';
import { addLongTermValidation } from './long-term-validation.js';
import { openSealKey, type SealCredentials } from './seal-key.js';
import type { SigningKey } from './signing-key.js';
import { requestTimestamp } from './timestamp-client.js';

/** The seal's CMS over the bytes @signpdf/signpdf hands it (the file without the /Contents value). */
class CadesSigner extends Signer {
  constructor(
    private readonly seal: SealCredentials,
    private readonly tsaUrls: string[],
  ) {
    super();
  }

  override async sign(pdf: Buffer): Promise<Buffer> {
    const stamp = this.tsaUrls.length
      ? (signatureValue: Buffer) => requestTimestamp(this.tsaUrls, signatureValue)
      : undefined;
    return cadesDetached(pdf, this.seal, stamp);
  }
}

/**
 * Seals a prepared file (one with the seal's placeholder, seal-placeholder.ts): PAdES B-B without a
 * timestamp authority; with one (SIGNING_TSA_URL), the signature is timestamped (B-T), then the
 * validation material and a document timestamp are appended (B-LTA). When no authority answers it
 * throws TimestampUnavailableError and nothing is sealed.
 */
export async function sealPdf(prepared: Buffer, key: SigningKey, tsaUrls: string[]): Promise<Buffer> {
  const sealed = await new SignPdf().sign(prepared, new CadesSigner(openSealKey(key), tsaUrls));
  return tsaUrls.length ? addLongTermValidation(sealed, tsaUrls) : sealed;
}

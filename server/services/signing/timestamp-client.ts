import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { arrayBuffer, OID, sha256 } from './cades.js';

/** No timestamp authority answered: nothing is sealed until one does. */
export class TimestampUnavailableError extends Error {
  constructor(readonly failures: string[]) {
    super(`no timestamp authority answered: ${failures.join('; ')}`);
    this.name = 'TimestampUnavailableError';
  }
}

/** How long one authority may take to answer. */
const TSA_TIMEOUT_MS = 10_000;

/** The TSTInfo inside a timestamp token: the time it states and the hash it stamps. */
export function readTstInfo(token: Uint8Array): { genTime: Date; imprint: Buffer; nonce: bigint | null } {
  const contentInfo = pkijs.ContentInfo.fromBER(arrayBuffer(token));
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  const eContent = signedData.encapContentInfo.eContent;
  if (!eContent || signedData.encapContentInfo.eContentType !== OID.tstInfo) throw new Error('not a timestamp token');
  const tst = pkijs.TSTInfo.fromBER(arrayBuffer(Buffer.from(eContent.getValue())));
  return {
    genTime: tst.genTime,
    imprint: Buffer.from(tst.messageImprint.hashedMessage.valueBlock.valueHexView),
    nonce: tst.nonce ? BigInt(`0x${Buffer.from(tst.nonce.valueBlock.valueHexView).toString('hex') || '0'}`) : null,
  };
}

async function askOne(url: string, digest: Buffer): Promise<Buffer> {
  const nonce = crypto.randomBytes(8);
  nonce[0] = (nonce[0]! & 0x7f) | 0x01;
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: arrayBuffer(digest) }),
    }),
    nonce: new asn1js.Integer({ valueHex: arrayBuffer(nonce) }),
    certReq: true,
  });
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/timestamp-query' },
    body: Buffer.from(request.toSchema().toBER()),
    signal: AbortSignal.timeout(TSA_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const response = pkijs.TimeStampResp.fromBER(await res.arrayBuffer());
  const status = response.status.status;
  if ((status !== 0 && status !== 1) || !response.timeStampToken) throw new Error(`refused (status ${status})`);
  const token = Buffer.from(response.timeStampToken.toSchema().toBER());
  const info = readTstInfo(token);
  if (!info.imprint.equals(digest)) throw new Error('the token stamps another hash');
  if (info.nonce !== BigInt(`0x${nonce.toString('hex')}`)) throw new Error('the token answers another request');
  return token;
}

/**
 * An RFC 3161 timestamp token for `data` (its SHA-256), from the first authority that answers with a
 * token for exactly that hash; TimestampUnavailableError when none does.
 */
export async function requestTimestamp(urls: string[], data: Uint8Array): Promise<Buffer> {
  const digest = sha256(data);
  const failures: string[] = [];
  for (const url of urls) {
    try {
      return await askOne(url, digest);
    } catch (err) {
      failures.push(`${url}: ${(err as Error).message}`);
    }
  }
  throw new TimestampUnavailableError(failures);
}

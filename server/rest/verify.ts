import type { FastifyInstance } from 'fastify';
import { MAX_VERIFY_BYTES } from '@shared/verify.js';
import { verifyDocument } from '../commands/verify/verify-document.js';
import type { Core } from '../core.js';
import { readMultipart } from './multipart.js';
import { route } from './route.js';

/** The public check of a signed NDA: /verify/ (the /verify page calls it too). */
export function verifyRoutes(app: FastifyInstance, core: Core): void {
  route(app, core, {
    method: 'POST',
    url: '/verify/',
    statuses: [413, 429],
    summary: 'Checks a PDF against the signed NDAs this service issued, with no sign-in.',
    description:
      'Takes the PDF as a multipart `file` (at most 20 MB). Answers `{checksum, document, signedAt, parties, signatures, modifiedAfterSealing}`: ' +
      '`checksum` is `"verified"` when the file’s SHA-256 is that of a signed NDA issued here (the NDA’s `signedSha256`), byte for byte, ' +
      'else `"not_found"`; `document` ("NDA-12"), `signedAt` and `parties` ([{role, name, company}]) are given for a verified file only. ' +
      '`signatures` lists each digital signature in the file, found by its /ByteRange: `valid` (the digest of the bytes it covers and its ' +
      'signature match), `coversWholeDocument` (it covers the file to its last byte), `signer` (its certificate’s common name) and ' +
      '`timestamp` (the time of its RFC 3161 timestamp, or null). `modifiedAfterSealing` is true when the file has signatures but ' +
      'bytes were added after the last of them (an incremental update). No file, or a file that is not a PDF, answers 400 with ' +
      '`code` `upload_invalid`; calls are limited per IP address, and over the limit the call answers 429 with Retry-After.',
    auth: 'none',
    form: { files: ['file'] },
    handler: async (_i, _a, { req, ip }) => {
      const form = req.isMultipart() ? await readMultipart(req, MAX_VERIFY_BYTES) : null;
      const part = form?.files.file;
      return verifyDocument(core, { upload: part && (part.filename || part.body.length) ? part : null, ip });
    },
  });
}

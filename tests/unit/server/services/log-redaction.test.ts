import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { REDACTED_LOG_PATHS, redactUrl } from '@server/services/log-redaction.js';

describe('redactUrl', () => {
  it('keeps the page of an e-mailed link and drops its token', () => {
    expect(redactUrl('/unsubscribe/MTI.negotiation.abcdef')).toBe('/unsubscribe/[redacted]');
    expect(redactUrl('/password-reset-confirm/MTI/tok-en')).toBe('/password-reset-confirm/[redacted]');
    expect(redactUrl('/signer_invitation/MTI:abc?x=1')).toBe('/signer_invitation/[redacted]?x=1');
    expect(redactUrl('/user-activation/key')).toBe('/user-activation/[redacted]');
    expect(redactUrl('/member_invitation/MTI:abc')).toBe('/member_invitation/[redacted]');
  });

  it('drops tokens carried in the query, and the input of the auth router’s tRPC queries', () => {
    expect(redactUrl('/api/v1/registration/signer_invitation_check/?uid=MTI&token=abc-def')).toBe(
      '/api/v1/registration/signer_invitation_check/?uid=[redacted]&token=[redacted]',
    );
    expect(redactUrl('/trpc/auth.invitation?input=%7B%22token%22%3A%22abc%22%7D')).toBe(
      '/trpc/auth.invitation?[redacted]',
    );
    expect(redactUrl('/api/v1/projects/?search=falcon')).toBe('/api/v1/projects/?search=falcon');
  });

  it('leaves other addresses as they are', () => {
    for (const url of ['/api/v1/projects/', '/projects/1/group/2/nda', '/unsubscribe', '/trpc/account.unsubscribe'])
      expect(redactUrl(url)).toBe(url);
  });
});

describe('REDACTED_LOG_PATHS', () => {
  it('keeps credentials and the Stripe webhook signature out of a logged request', () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    // A request serializer that keeps the headers, as a debugging one would.
    const app = Fastify({
      logger: { level: 'info', stream, redact: REDACTED_LOG_PATHS, serializers: { req: (req) => ({ ...req }) } },
    });
    const headers = {
      authorization: 'Bearer abc.def',
      cookie: 'sid=1',
      'stripe-signature': 't=1,v1=0123abcd',
      host: 'x',
    };
    app.log.info({ req: { headers }, body: { password: 'secret-42', refresh: 'r.t' } }, 'request');
    const logged = lines.join('');
    for (const secret of ['abc.def', 'sid=1', '0123abcd', 'secret-42', 'r.t']) expect(logged).not.toContain(secret);
    expect(logged).toContain('"host":"x"');
  });
});

import { describe, expect, it } from 'vitest';
import { redactUrl } from '@server/services/log-redaction.js';

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

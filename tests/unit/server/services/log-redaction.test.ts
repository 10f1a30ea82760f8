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

  it('leaves other addresses as they are', () => {
    for (const url of ['/api/v1/projects/', '/projects/1/group/2/nda', '/unsubscribe', '/trpc/account.unsubscribe'])
      expect(redactUrl(url)).toBe(url);
  });
});

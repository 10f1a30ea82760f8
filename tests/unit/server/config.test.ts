import { describe, expect, it } from 'vitest';
import { devMailboxWarning, isLoopbackHost, loadConfig } from '@server/config.js';

// server/config.ts: the dev mailbox, whose links reset passwords, is on by default only where no other
// machine can reach the server.

const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'development', ...env });

describe('dev mailbox', () => {
  it('knows loopback hosts', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.5', 'example.com', '128.0.0.1', 'localhost.example.com'])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it('is on by default when the server listens on a loopback address, which is the default outside production', () => {
    expect(load({}).host).toBe('localhost');
    expect(load({}).devMailbox).toBe(true);
    expect(load({ HOST: '127.0.0.1' }).devMailbox).toBe(true);
    expect(load({ HOST: '::1' }).devMailbox).toBe(true);
  });

  it('is off by default on any other bind, and in production', () => {
    expect(load({ HOST: '0.0.0.0' }).devMailbox).toBe(false);
    expect(load({ HOST: '10.1.2.3' }).devMailbox).toBe(false);
    const production = load({ NODE_ENV: 'production' });
    expect(production.host).toBe('0.0.0.0');
    expect(production.devMailbox).toBe(false);
    expect(load({ NODE_ENV: 'production', HOST: '127.0.0.1' }).devMailbox).toBe(false);
  });

  it('needs DEV_MAILBOX=true elsewhere, and then the server warns at start', () => {
    const open = load({ HOST: '0.0.0.0', DEV_MAILBOX: 'true' });
    expect(open.devMailbox).toBe(true);
    expect(devMailboxWarning(open)).toMatch(/^DEV_MAILBOX=true while listening on 0\.0\.0\.0/);
    expect(devMailboxWarning(load({}))).toBeNull();
    expect(devMailboxWarning(load({ HOST: '0.0.0.0' }))).toBeNull();
    expect(load({ DEV_MAILBOX: 'false' }).devMailbox).toBe(false);
  });
});

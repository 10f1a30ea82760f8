import { describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config.js';
import { PasswordHasher } from '@server/services/passwords.js';

describe('password hashing', () => {
  it('hashes with OWASP’s argon2id baseline unless told otherwise', async () => {
    expect(loadConfig({}).passwordHashCost).toBe('standard');
    const hash = await new PasswordHasher('standard').hash('correct-horse-42');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it('checks a hash of either cost, and refuses a wrong password or no hash', async () => {
    const standard = new PasswordHasher('standard');
    const test = new PasswordHasher('test');
    const cheap = await test.hash('correct-horse-42');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    expect(await standard.verify(cheap, 'correct-horse-42')).toBe(true);
    expect(await test.verify(await standard.hash('correct-horse-42'), 'correct-horse-42')).toBe(true);
    expect(await standard.verify(cheap, 'wrong-horse-42')).toBe(false);
    expect(await standard.verify(null, 'correct-horse-42')).toBe(false);
  });

  it('allows the test cost only with NODE_ENV=test', () => {
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: 'test' }).passwordHashCost).toBe('test');
    for (const NODE_ENV of ['production', 'development'])
      expect(() => loadConfig({ NODE_ENV, PASSWORD_HASH_COST: 'test' })).toThrow(
        'PASSWORD_HASH_COST: "test" is allowed only with NODE_ENV=test',
      );
    expect(() => loadConfig({ NODE_ENV: 'production' }, { passwordHashCost: 'test' })).toThrow(/NODE_ENV=test/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'cheap' })).toThrow(/PASSWORD_HASH_COST/);
  });
});

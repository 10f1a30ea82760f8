import argon2 from 'argon2';

/**
 * How hard a password hash is to compute. `standard` is OWASP's argon2id baseline (19 MiB, 2
 * iterations, 1 lane): about 60 ms of a core per hash. `test` keeps argon2id at its smallest cost, for
 * test suites that create thousands of users; server/config.ts allows it only with NODE_ENV=test.
 */
export type PasswordHashCost = 'standard' | 'test';

const OPTIONS = {
  standard: { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  test: { type: argon2.argon2id, memoryCost: 1_024, timeCost: 1, parallelism: 1 },
} as const;

/** Hashes and checks passwords with argon2id. A hash records its own cost, so any cost verifies any hash. */
export class PasswordHasher {
  private readonly options;

  constructor(cost: PasswordHashCost) {
    this.options = OPTIONS[cost];
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, this.options);
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    if (!hash) {
      // Spend the same time as a real check so unknown accounts cannot be told apart by timing.
      await argon2.hash(password, this.options);
      return false;
    }
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }
}

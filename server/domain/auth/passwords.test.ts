import { describe, expect, it } from 'vitest';
import { OWASP_ARGON2ID } from '../../config.ts';
import { FAST_PASSWORD_HASHING } from '../../test/harness.ts';
import { hashPassword, TimingEqualizer, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('uses argon2id at OWASP\'s cost by default and records it in the hash', async () => {
    const hash = await hashPassword('correct-horse', OWASP_ARGON2ID);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('correct-horse', hash)).toBe(true);
  });

  it('rejects a wrong password and a malformed hash', async () => {
    const hash = await hashPassword('correct-horse', FAST_PASSWORD_HASHING);
    expect(await verifyPassword('correct-horsE', hash)).toBe(false);
    expect(await verifyPassword('correct-horse', 'plaintext')).toBe(false);
  });

  it('salts: the same password hashes differently', async () => {
    expect(await hashPassword('same', FAST_PASSWORD_HASHING)).not.toBe(await hashPassword('same', FAST_PASSWORD_HASHING));
  });

  it('verifies a hash made with other parameters (the cost travels with the hash)', async () => {
    const old = await hashPassword('correct-horse', { memory: 2048, passes: 3, parallelism: 1 });
    expect(await verifyPassword('correct-horse', old)).toBe(true);
  });

  it('equalizes timing for unknown accounts and never matches', async () => {
    expect(await new TimingEqualizer(FAST_PASSWORD_HASHING).burn('anything')).toBe(false);
  });
});

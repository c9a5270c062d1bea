import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { PasswordHashParams } from '../../config.ts';

const argon2Async = promisify(argon2);

const SALT_BYTES = 16;
const HASH_BYTES = 32;

/**
 * Hashes a password with argon2id (a memory-hard KDF, ARCHITECTURE.md Auth) into a PHC string:
 * `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`. The cost travels with the hash, so hashes made
 * with other parameters (tests, a future raise) still verify.
 */
export async function hashPassword(password: string, params: PasswordHashParams): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, params);
  return `$argon2id$v=19$m=${params.memory},t=${params.passes},p=${params.parallelism}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/** True when `password` matches the PHC string made by `hashPassword`. */
export async function verifyPassword(password: string, phc: string): Promise<boolean> {
  const parsed = parsePhc(phc);
  if (!parsed) return false;
  const hash = await derive(password, parsed.salt, parsed.params);
  return hash.length === parsed.hash.length && timingSafeEqual(hash, parsed.hash);
}

function derive(password: string, salt: Buffer, params: PasswordHashParams): Promise<Buffer> {
  return argon2Async('argon2id', {
    message: password,
    nonce: salt,
    memory: params.memory,
    passes: params.passes,
    parallelism: params.parallelism,
    tagLength: HASH_BYTES,
  });
}

const PHC_PATTERN = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

function parsePhc(phc: string) {
  const match = PHC_PATTERN.exec(phc);
  if (!match) return null;
  const [, memory, passes, parallelism, salt, hash] = match;
  return {
    params: { memory: Number(memory), passes: Number(passes), parallelism: Number(parallelism) },
    salt: Buffer.from(salt!, 'base64url'),
    hash: Buffer.from(hash!, 'base64url'),
  };
}

/**
 * Verifies against a throwaway hash: sign-in for an unknown e-mail then costs as much as for a
 * known one, so response time does not reveal which addresses have accounts.
 */
export class TimingEqualizer {
  readonly #dummyHash: Promise<string>;

  constructor(params: PasswordHashParams) {
    // Made at once, so the first unknown-account sign-in is not slower than the others.
    this.#dummyHash = hashPassword(randomBytes(16).toString('hex'), params);
  }

  /** Always false; takes as long as verifying a real password. */
  async burn(password: string): Promise<false> {
    await verifyPassword(password, await this.#dummyHash);
    return false;
  }
}

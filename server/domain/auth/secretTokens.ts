import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes as base64url: refresh tokens and e-mailed codes (ARCHITECTURE.md Auth). */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps instead of a token: a leaked table does not give working tokens.
 * sha256 suffices (no KDF needed) because the tokens carry 256 random bits.
 */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

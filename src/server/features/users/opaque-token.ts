import { createHash, randomBytes } from 'node:crypto';

/** A bearer secret for refresh, reset and verification links: 32 random bytes, base64url. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256: a copy of the database lets nobody sign in or reset. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

import argon2 from 'argon2';

/**
 * How costly new password hashes are: `standard` everywhere but in tests, where `test` makes them cheap
 * (the configuration accepts it with NODE_ENV=test only; see PASSWORD_HASHING in config.ts). A hash records
 * the parameters it was made with and is verified with those, so a hash of either kind verifies whatever
 * the current setting.
 */
export type PasswordHashing = 'standard' | 'test';

const COSTS = {
  // OWASP password storage cheat sheet: argon2id, m=19 MiB, t=2, p=1.
  standard: { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  // A few milliseconds instead of about 300: worthless against an attacker, for test databases only.
  test: { type: argon2.argon2id, memoryCost: 256, timeCost: 1, parallelism: 1 },
} as const;

let hashing: PasswordHashing = 'standard';

/** Sets the cost of the hashes made from now on in this process (the app does, from its configuration). */
export function setPasswordHashing(value: PasswordHashing): void {
  hashing = value;
}

/** A new hash of `password` at the process's cost, or at `cost` when a test's own setup names one. */
export function hashPassword(password: string, cost: PasswordHashing = hashing): Promise<string> {
  return argon2.hash(password, COSTS[cost]);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

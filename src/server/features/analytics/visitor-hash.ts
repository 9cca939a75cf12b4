import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { deleteSaltsBefore, findSalt, insertSaltIfAbsent } from './analytics.repository';

/**
 * Unique visitors without cookies or stored addresses (ADR 0016, the approach Plausible documents): a
 * visitor is SHA-256(day's salt, client address, user agent). The salt is random, one per UTC day, kept
 * in the database so that every instance counts alike, and deleted once the day is over, so that nobody, us
 * included, can tell afterwards which address a hash stood for.
 */

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export function createVisitorHasher(db: () => Kysely<DB>) {
  const salts = new Map<string, string>();

  async function saltFor(day: string): Promise<string> {
    const known = salts.get(day);
    if (known) return known;
    let salt = await findSalt(db(), day);
    if (!salt) {
      await insertSaltIfAbsent(db(), day, randomBytes(32).toString('hex'), new Date().toISOString());
      salt = await findSalt(db(), day);
      if (!salt) throw new Error(`no analytics salt for ${day}`);
      // A new day: the salts of earlier days go, so their hashes can no longer be traced to an address.
      await deleteSaltsBefore(db(), day);
    }
    salts.clear();
    salts.set(day, salt);
    return salt;
  }

  return async function visitorHash(address: string, userAgent: string, at: Date = new Date()): Promise<string> {
    const salt = await saltFor(utcDay(at));
    return createHash('sha256').update(`${salt}\n${address}\n${userAgent}`).digest('hex');
  };
}

export type VisitorHasher = ReturnType<typeof createVisitorHasher>;

import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAX_DB_INT } from '../../../shared/contracts/common';

/*
 * The links of the newsletter's mails (ADR 0046): confirm a sign-up, and unsubscribe. A token names the
 * subscriber's id and is signed with an HMAC-SHA256 under the site's secret over the purpose, the id, the
 * address and (for a confirmation) the time it ends: it cannot be guessed from an id, is bound to the
 * address it was mailed to (an id reused by another address fails), and nothing has to be stored for it.
 * Form: `<id>.<expiry, unix seconds, or 0 for none>.<signature, base64url>`.
 */

export type LinkPurpose = 'confirm' | 'unsubscribe';

/** How long a confirmation link works. An unsubscribe link never ends. */
export const CONFIRM_LINK_SECONDS = 7 * 24 * 3600;

const TOKEN_PATTERN = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export interface LinkSigner {
  /** The token of a link for this subscriber. */
  token(purpose: LinkPurpose, subscriber: { id: number; email: string }, now?: Date): string;
  /** The subscriber id a token names, when its form is right and it has not ended (the signature is checked by `verify`). */
  read(token: string, now?: Date): { id: number; expired: boolean } | null;
  /** True when the token was signed for this purpose, subscriber id and address. */
  verify(purpose: LinkPurpose, token: string, subscriber: { id: number; email: string }): boolean;
}

export function createLinkSigner(secret: string): LinkSigner {
  const mac = (purpose: LinkPurpose, id: number, email: string, expiry: number) =>
    createHmac('sha256', secret).update(`newsletter:${purpose}:${id}:${email}:${expiry}`).digest('base64url');

  return {
    token(purpose, subscriber, now = new Date()) {
      const expiry = purpose === 'confirm' ? Math.floor(now.getTime() / 1000) + CONFIRM_LINK_SECONDS : 0;
      return `${subscriber.id}.${expiry}.${mac(purpose, subscriber.id, subscriber.email, expiry)}`;
    },
    read(token, now = new Date()) {
      const match = TOKEN_PATTERN.exec(token);
      // An id beyond the id columns' range names no subscriber (and never reaches the database).
      if (!match || Number(match[1]) < 1 || Number(match[1]) > MAX_DB_INT) return null;
      const expiry = Number(match[2]);
      return { id: Number(match[1]), expired: expiry !== 0 && expiry * 1000 < now.getTime() };
    },
    verify(purpose, token, subscriber) {
      const match = TOKEN_PATTERN.exec(token);
      if (!match || Number(match[1]) !== subscriber.id) return false;
      const expiry = Number(match[2]);
      if ((purpose === 'unsubscribe') !== (expiry === 0)) return false;
      const expected = Buffer.from(mac(purpose, subscriber.id, subscriber.email, expiry));
      const given = Buffer.from(match[3]!);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** The page a link opens: the public address of the site, the page, the token. */
export function linkUrl(publicUrl: string, purpose: LinkPurpose, token: string): string {
  return `${publicUrl}/newsletter/${purpose}?token=${encodeURIComponent(token)}`;
}

import type { SubscriberStatus } from '../../../shared/contracts/newsletter';
import type { LinkPurpose } from './newsletter-links';
import { changeStatus, findSubscriberById } from './newsletter.repository';
import type { NewsletterContext } from './newsletter.service';

/*
 * What the links of the newsletter's mails do (ADR 0046): the pages read a link (no write), their buttons'
 * POSTs confirm a pending address or unsubscribe one. Each change is one conditional UPDATE, so a link
 * used twice, or by two clicks at once, changes the row once and answers the same page both times.
 */

export type LinkState =
  | { kind: 'invalid' }
  | { kind: 'expired' }
  | { kind: 'ok'; subscriber: { id: number; email: string; status: SubscriberStatus } };

/** The subscriber a link names, when it is ours, for them, and (a confirmation) not expired. */
export async function readLink(ctx: NewsletterContext, purpose: LinkPurpose, token: string): Promise<LinkState> {
  const read = ctx.links.read(token);
  if (!read) return { kind: 'invalid' };
  const row = await findSubscriberById(ctx.db, read.id);
  if (!row) return { kind: 'invalid' };
  const subscriber = { id: Number(row.id), email: row.email, status: row.status };
  if (!ctx.links.verify(purpose, token, subscriber)) return { kind: 'invalid' };
  if (read.expired) return { kind: 'expired' };
  return { kind: 'ok', subscriber };
}

/** Confirms a pending sign-up; a confirmed one stays so. Anything else is a link that no longer works. */
export async function confirmSubscriber(ctx: NewsletterContext, token: string): Promise<LinkState> {
  const state = await readLink(ctx, 'confirm', token);
  if (state.kind !== 'ok') return state;
  const { id, status } = state.subscriber;
  if (status === 'subscribed') return state;
  if (status !== 'pending') return { kind: 'invalid' };
  await changeStatus(ctx.db, id, ['pending'], 'subscribed', new Date().toISOString());
  return state;
}

/** Unsubscribes the address (pending or confirmed); one already out (unsubscribed, bounced) stays so. */
export async function unsubscribeSubscriber(ctx: NewsletterContext, token: string): Promise<LinkState> {
  const state = await readLink(ctx, 'unsubscribe', token);
  if (state.kind !== 'ok') return state;
  await changeStatus(ctx.db, state.subscriber.id, ['pending', 'subscribed'], 'unsubscribed', new Date().toISOString());
  return state;
}

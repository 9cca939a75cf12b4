import type { ExpressionBuilder } from 'kysely';
import type { SubscriberStatus } from '../../../shared/contracts/newsletter';
import type { DB, StoredSubscriberStatus } from '../../db/schema';

/*
 * A subscriber's state as this release sees it, read from three columns (ADR 0046). The status column keeps
 * the previous release's two values, so that an instance of it running on the same database during a
 * rolling update only ever reads what it knows:
 *
 *   pending      status 'subscribed',   confirmed_at null, bounced_at null
 *   subscribed   status 'subscribed',   confirmed_at set,  bounced_at null   (the only state mailed)
 *   unsubscribed status 'unsubscribed',                    bounced_at null
 *   bounced                                                bounced_at set    (stored with 'unsubscribed')
 *
 * The previous release inserts 'subscribed' without confirmed_at: a pending sign-up (it was mailed no
 * confirmation; the next sign-up of the address mails one). It signs an unsubscribed row up again by
 * setting 'subscribed': that row is pending too, because leaving clears confirmed_at; and a bounced row
 * stays bounced whatever its status.
 */

/** The columns a state is read from. */
export const STATE_COLUMNS = ['status', 'confirmed_at', 'bounced_at'] as const;

export interface StateColumns {
  status: StoredSubscriberStatus;
  confirmed_at: string | null;
  bounced_at: string | null;
}

/** The state of a row. */
export function subscriberState(row: StateColumns): SubscriberStatus {
  if (row.bounced_at !== null) return 'bounced';
  if (row.status === 'unsubscribed') return 'unsubscribed';
  return row.confirmed_at === null ? 'pending' : 'subscribed';
}

type SubscribersEb = ExpressionBuilder<DB, 'newsletter_subscribers'>;

/**
 * The condition on the columns that selects the rows in any of these states, for a WHERE (the list's
 * filter, the recipients of a send, a conditional UPDATE). Served by the indexes (status, created_at),
 * (status, confirmed_at, created_at) and (bounced_at).
 */
export function inState(...states: SubscriberStatus[]) {
  return (eb: SubscribersEb) =>
    eb.or(
      states.map((state) => {
        switch (state) {
          case 'pending':
            return eb.and([
              eb('status', '=', 'subscribed'),
              eb('confirmed_at', 'is', null),
              eb('bounced_at', 'is', null),
            ]);
          case 'subscribed':
            return eb.and([
              eb('status', '=', 'subscribed'),
              eb('confirmed_at', 'is not', null),
              eb('bounced_at', 'is', null),
            ]);
          case 'unsubscribed':
            return eb.and([eb('status', '=', 'unsubscribed'), eb('bounced_at', 'is', null)]);
          case 'bounced':
            return eb('bounced_at', 'is not', null);
        }
      }),
    );
}

/**
 * The columns that put a row in a state, for an UPDATE. Leaving (unsubscribed, bounced) clears
 * confirmed_at, so that the previous release signing the address up again makes it pending, never
 * confirmed without its link; a bounced row keeps its unsubscribed_at.
 */
export function stateValues(state: Exclude<SubscriberStatus, 'bounced'>, now: string) {
  switch (state) {
    case 'pending':
      return { status: 'subscribed', confirmed_at: null, unsubscribed_at: null } as const;
    case 'subscribed':
      return { status: 'subscribed', confirmed_at: now, unsubscribed_at: null } as const;
    case 'unsubscribed':
      return { status: 'unsubscribed', confirmed_at: null, unsubscribed_at: now } as const;
  }
}

/** The columns that mark a row bounced. */
export function bouncedValues(now: string) {
  return { status: 'unsubscribed', confirmed_at: null, bounced_at: now } as const;
}

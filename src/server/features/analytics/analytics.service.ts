import { isbot } from 'isbot';
import type { Kysely } from 'kysely';
import type { AnalyticsEventRequest, notRecordedReasons, PageviewRequest } from '../../../shared/contracts/analytics';
import { ErrorCode } from '../../../shared/errors';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isPagePath, resolvedPath } from '../../pages/page-path';
import { insertEvent, insertPageView } from './analytics.repository';
import type { VisitorHasher } from './visitor-hash';

export type NotRecordedReason = (typeof notRecordedReasons)[number];
export type BeaconOutcome = { recorded: true } | { recorded: false; reason: NotRecordedReason };

/** Who sent a beacon, as far as the server can tell without storing it. */
export interface BeaconSender {
  address: string;
  userAgent: string | undefined;
  /** `DNT: 1` or `Sec-GPC: 1`. */
  optedOut: boolean;
  /** A signed-in staff member (a valid bearer token). */
  staff: boolean;
}

/** Why this sender's beacons are not counted; null when they are. No user agent at all reads as a bot. */
export function exclusion(sender: BeaconSender): NotRecordedReason | null {
  if (!sender.userAgent || isbot(sender.userAgent)) return 'bot';
  if (sender.optedOut) return 'do_not_track';
  if (sender.staff) return 'staff';
  return null;
}

/** A page address without its query and fragment: the page, never what was typed into it. */
export const pagePathOf = (pageUrl: string) => pageUrl.replace(/[?#].*$/s, '') || '/';

/** The path as a router would read it once its percent escapes are decoded (itself when they are malformed). */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Whether a beacon's page address (a path, as the contract requires) names a public page as a browser's
 * `location.pathname` gives it: no dot segment (a browser has resolved them), not under /admin, /api,
 * /assets, /uploads, /images or /demo, and no file (a last segment with a dot: `.data`, `.xml`, a built
 * asset). Checked on the path as sent and decoded, so `%2e%2e` or `%61dmin` do not get past it.
 */
export function isPublicPageAddress(pageUrl: string): boolean {
  const path = pagePathOf(pageUrl);
  return [path, decodedPath(path)].every(
    (form) => resolvedPath(form) === form && isPagePath(form) && !/\.[^/]*$/.test(form),
  );
}

/** 400 naming `page_url` when a beacon's page is not a public page of this site; stores nothing. */
function requirePublicPage(pageUrl: string | undefined): void {
  if (pageUrl === undefined || isPublicPageAddress(pageUrl)) return;
  const message = 'Page URL must be a public page of this site';
  throw new AppError(400, ErrorCode.VALIDATION_ERROR, message, [{ field: 'page_url', message }]);
}

const sources: [RegExp, string][] = [
  [/(^|\.)google\.[a-z.]+$/, 'Google'],
  [/(^|\.)(linkedin\.com|lnkd\.in)$/, 'LinkedIn'],
  [/(^|\.)(twitter\.com|x\.com|t\.co)$/, 'Twitter'],
  [/(^|\.)(facebook\.com|fb\.com|fb\.me)$/, 'Facebook'],
];

/**
 * The referrer as stored (scheme, host and path: no query, which may carry what a visitor searched or
 * typed) and its source: Google, LinkedIn, Twitter, Facebook, Other; Direct without one; Internal from
 * a page of this site.
 */
export function classifyReferrer(
  referrer: string | undefined,
  ownOrigin: string,
): { referrer: string | null; source: string } {
  if (!referrer) return { referrer: null, source: 'Direct' };
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return { referrer: null, source: 'Direct' };
  }
  if (url.origin === ownOrigin) return { referrer: null, source: 'Internal' };
  const host = url.hostname.toLowerCase();
  const source = sources.find(([pattern]) => pattern.test(host))?.[1] ?? 'Other';
  return { referrer: `${url.protocol}//${host}${url.pathname}`.slice(0, 1000), source };
}

export async function recordPageView(
  db: Kysely<DB>,
  hasher: VisitorHasher,
  sender: BeaconSender,
  body: PageviewRequest,
  ownOrigin: string,
  now: Date = new Date(),
): Promise<BeaconOutcome> {
  requirePublicPage(body.page_url);
  const reason = exclusion(sender);
  if (reason) return { recorded: false, reason };
  const { referrer, source } = classifyReferrer(body.referrer, ownOrigin);
  await insertPageView(db, {
    page_url: pagePathOf(body.page_url),
    page_title: body.page_title || null,
    referrer,
    referrer_source: source,
    user_agent: null,
    session_id: null,
    visitor_hash: await hasher(sender.address, sender.userAgent!, now),
    created_at: now.toISOString(),
  });
  return { recorded: true };
}

export async function recordEvent(
  db: Kysely<DB>,
  hasher: VisitorHasher,
  sender: BeaconSender,
  body: AnalyticsEventRequest,
  now: Date = new Date(),
): Promise<BeaconOutcome> {
  requirePublicPage(body.page_url);
  const reason = exclusion(sender);
  if (reason) return { recorded: false, reason };
  await insertEvent(db, {
    event_type: body.event_type,
    event_category: body.event_category || null,
    event_action: body.event_action || null,
    event_label: body.event_label || null,
    event_value: body.event_value ?? null,
    page_url: body.page_url ? pagePathOf(body.page_url) : null,
    user_agent: null,
    session_id: null,
    custom_data: body.custom_data ? JSON.stringify(body.custom_data) : null,
    visitor_hash: await hasher(sender.address, sender.userAgent!, now),
    created_at: now.toISOString(),
  });
  return { recorded: true };
}

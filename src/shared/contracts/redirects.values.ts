/*
 * Redirects' plain values and the address rules both the server and the Settings screen apply (ADR 0039):
 * no zod, so the admin screen can check a field before sending.
 */

/** Longest old address kept (characters, after normalising): the unique column's width. */
export const REDIRECT_FROM_MAX = 500;
/** Longest target kept (characters). */
export const REDIRECT_TARGET_MAX = 2048;
export const REDIRECTS_PAGE_SIZE = 50;
export const REDIRECTS_MAX_PAGE_SIZE = 200;

export const redirectKinds = ['automatic', 'manual'] as const;
export type RedirectKind = (typeof redirectKinds)[number];

export const RedirectMessage = {
  CREATED: 'Redirect added',
  DELETED: 'Redirect deleted',
  NOT_FOUND: 'Redirect not found',
  FROM_REQUIRED: 'Enter the old address, a path such as /old-page.',
  FROM_INVALID: 'The old address must be a path of this site, such as /old-page.',
  FROM_TOO_LONG: `The old address must be at most ${REDIRECT_FROM_MAX} characters.`,
  FROM_RESERVED: 'This address belongs to the site itself (home page, admin, API or files) and cannot redirect.',
  FROM_TAKEN: 'A redirect from this address exists already.',
  FROM_LIVE: 'A post or project lives at this address; change its slug instead.',
  TO_REQUIRED: 'Enter where to send visitors: a path such as /new-page or a full https:// address.',
  TO_INVALID: 'Send visitors to a path of this site (/new-page) or a full http:// or https:// address.',
  TO_TOO_LONG: `The new address must be at most ${REDIRECT_TARGET_MAX} characters.`,
  SAME: 'The old and the new address are the same.',
  LOOP: 'This redirect would send visitors round in a loop back to the old address.',
} as const;

/** Paths that are never public pages (the API, the admin, files): no redirect may start there. */
const RESERVED = /^\/(api|admin|assets|uploads|demo|images)(\/|$)/;

/**
 * An address's path the way redirects are keyed: resolved as a browser does (dot segments, backslashes),
 * percent-encoded, one leading slash, no trailing slash, no query or fragment. Undefined when it is not a
 * site path (empty, another host, not parseable).
 */
export function normalisePath(input: string): string | undefined {
  const text = input.trim();
  if (!text.startsWith('/') || text.startsWith('//') || text.startsWith('/\\')) return undefined;
  let path: string;
  try {
    path = new URL(text, 'http://localhost').pathname;
  } catch {
    return undefined;
  }
  path = path.replace(/\/{2,}/g, '/');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  return path || '/';
}

/** Whether a normalised path may be an old address: not the home page, not the API, admin or files. */
export function isRedirectablePath(path: string): boolean {
  return path !== '/' && !RESERVED.test(path) && !/\.data$/.test(path);
}

/** A target normalised: a site path (its query kept) or an absolute http(s) URL; undefined when neither. */
export function normaliseTarget(input: string): string | undefined {
  const text = input.trim();
  if (text.startsWith('/')) {
    const mark = text.search(/[?#]/);
    const path = normalisePath(mark === -1 ? text : text.slice(0, mark));
    if (path === undefined) return undefined;
    return mark === -1 ? path : `${path}${text.slice(mark)}`;
  }
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (!url.hostname || url.username || url.password) return undefined;
    return url.href;
  } catch {
    return undefined;
  }
}

/** The path part of a site target (without query or fragment), or undefined for an absolute URL. */
export function targetPath(target: string): string | undefined {
  if (!target.startsWith('/')) return undefined;
  return target.split(/[?#]/)[0];
}

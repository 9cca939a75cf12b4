/**
 * A dot segment in a request path: `.` or `..`, also percent-encoded (`%2e`), between slashes or backslashes.
 * Browsers, URL parsers and React Router resolve them (`/admin/../blog` is `/blog`); the router and the
 * path rules here see the raw text, so a path holding one is resolved before any decision rests on it.
 */
const DOT_SEGMENT = /(?:^|[/\\])(?:\.|%2e){1,2}(?=[/\\]|$)/i;

/**
 * The path of a request address (`url`: path and query as received) as a browser resolves it: dot segments
 * removed, backslashes read as slashes, one leading slash. Any other path is returned as it is.
 */
export function resolvedPath(url: string): string {
  const path = url.split('?')[0] ?? '/';
  if (!DOT_SEGMENT.test(path) && !path.includes('\\')) return path;
  try {
    // Concatenated, not resolved against a base: `//host/…` stays a path instead of naming a host. Leading
    // slashes collapse to one, so that the result never reads as another host in a redirect.
    return new URL(`http://localhost${path.startsWith('/') ? '' : '/'}${path}`).pathname.replace(/^\/{2,}/, '/');
  } catch {
    return path;
  }
}

/** Paths a visitor's request reaches during maintenance: everything that is not a public page. */
export function isPagePath(url: string): boolean {
  return !/^\/(api|admin|assets|uploads|demo|images)(\/|$)/.test(resolvedPath(url));
}

/** Where the admin goes after sign-in when no (acceptable) return address was given. */
export const DEFAULT_AFTER_LOGIN = '/admin/dashboard';

const MAX_RETURN_LENGTH = 2000;
/** A base no real address has: anything that resolves elsewhere was not a plain same-site path. */
const PROBE_ORIGIN = 'http://admin.invalid';
/** Pages that must never be returned to after sign-in (they would loop or make no sense). */
const NOT_RETURNABLE = new Set(['login', 'reset-password']);

/**
 * The admin address to come back to after sign-in: a same-site path under /admin/ with its query
 * (e.g. '/admin/blog/7/edit?x=1'), or null. Refuses anything that could leave the site or the admin:
 * other origins, '//host' and '\' tricks, dot segments, control characters, the login itself.
 */
export function safeAdminReturn(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_RETURN_LENGTH || !value.startsWith('/admin/')) return null;
  // Control characters and backslashes are never part of an address the admin produces.
  if (value.includes('\\') || [...value].some((char) => char < ' ' || char === '\u007f')) return null;
  const rawPath = value.split(/[?#]/, 1)[0]!;
  if (rawPath.includes('//')) return null;

  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  // Resolving must change nothing in the path: no '..' or '.' segments that would climb out of /admin/.
  if (url.origin !== PROBE_ORIGIN || url.pathname !== rawPath) return null;
  const path = url.pathname.replace(/\/+$/, '');
  const first = path.split('/')[2] ?? '';
  if (first === '' || NOT_RETURNABLE.has(first)) return null;
  return `${path}${url.search}`;
}

/**
 * The login address for someone who asked for `pathname` + `search` while signed out: it carries the
 * address as ?next= when it is worth coming back to (not the default page, not the login itself).
 */
export function loginPathFor(pathname: string, search: string): string {
  const wanted = safeAdminReturn(`${pathname}${search}`);
  if (!wanted || wanted === DEFAULT_AFTER_LOGIN) return '/admin/login';
  return `/admin/login?next=${encodeURIComponent(wanted)}`;
}

import { createHash } from 'node:crypto';

/*
 * A Content-Security-Policy that survives caching (ADR 0020, superseding the nonces of ADR 0004): the
 * inline scripts React Router puts into a page (hydration context, route modules, scroll restoration,
 * Google's tag settings) are allowed by the SHA-256 of their text, computed from the finished HTML. The
 * policy therefore belongs to the bytes, not to the request, and a page kept in the cache carries the
 * policy that matches its scripts. No 'unsafe-inline' for scripts; an injected script has no listed hash.
 */

/** `<script ...>text</script>` without a src: what a browser runs inline (data blocks are hashed too: harmless). */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** Google's tag, when staff set an Analytics ID (components/analytics-tag.tsx): allowed by host on that page only. */
const GOOGLE_TAG = /<script\b[^>]*\bsrc="https:\/\/www\.googletagmanager\.com\/gtag\/js\?/i;
const GOOGLE_TAG_HOST = 'https://www.googletagmanager.com';

export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The hash source of every inline script of a document, in order of appearance, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const text = match[2] ?? '';
    if (text.length > 0) hashes.add(cspHash(text));
  }
  return [...hashes];
}

/** Replaces (or adds) one directive of a policy. */
export function withDirective(policy: string, name: string, sources: string[]): string {
  const directive = `${name} ${sources.join(' ')}`;
  const parts = policy
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
  const index = parts.findIndex((part) => part.split(/\s+/)[0]?.toLowerCase() === name);
  if (index === -1) parts.push(directive);
  else parts[index] = directive;
  return parts.join(';');
}

/**
 * The policy for one HTML document: the base policy (helmet's, `script-src 'self'`) with the hashes of the
 * document's inline scripts added to script-src, and Google's tag host when the document loads it.
 */
export function pagePolicy(basePolicy: string, html: string): string {
  const current = /(?:^|;)\s*script-src\s+([^;]*)/i.exec(basePolicy)?.[1]?.trim().split(/\s+/) ?? ["'self'"];
  const sources = [...current, ...inlineScriptHashes(html)];
  if (GOOGLE_TAG.test(html)) sources.push(GOOGLE_TAG_HOST);
  return withDirective(basePolicy, 'script-src', sources);
}

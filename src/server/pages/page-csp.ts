import { createHash } from 'node:crypto';

/*
 * A Content-Security-Policy that survives caching (ADR 0020, superseding the nonces of ADR 0004): the
 * inline scripts our render puts into a page (hydration context, route modules, scroll restoration,
 * Google's tag settings) are allowed by the SHA-256 of their text, computed from the finished HTML. The
 * policy therefore belongs to the bytes, not to the request, and a page kept in the cache carries the
 * policy that matches its scripts. No 'unsafe-inline' for scripts.
 *
 * Which scripts are ours: the render gives each of them a random marker (React's and React Router's
 * `nonce`, new for every render, never sent in the policy). Only marked scripts are hashed, then the
 * marker is taken out of the page; a script that got into the HTML any other way (an injection through
 * content) carries no marker, so its hash is not listed and the browser refuses to run it.
 */

/** `<script ...>text</script>` without a src: what a browser runs inline (data blocks are hashed too: harmless). */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** Google's tag, when staff set an Analytics ID (components/analytics-tag.tsx): allowed by host on that page only. */
const GOOGLE_TAG = /<script\b[^>]*\bsrc="https:\/\/www\.googletagmanager\.com\/gtag\/js\?/i;
const GOOGLE_TAG_HOST = 'https://www.googletagmanager.com';

/**
 * How a page's text was read from its bytes. 'latin1' is one character per byte: a render's UTF-8 bytes
 * read that way and written back are the same bytes, and hashing a script's characters as latin1 hashes
 * its UTF-8 bytes, which is what the browser hashes. Cheaper than decoding and encoding UTF-8 (ADR 0025),
 * and safe for the markup we look for: every byte of a multi-byte UTF-8 character is >= 0x80, so it can
 * never be read as `<`, `>` or `"`.
 */
export type PageTextEncoding = 'utf8' | 'latin1';

export function cspHash(text: string, encoding: PageTextEncoding = 'utf8'): string {
  return `'sha256-${createHash('sha256').update(text, encoding).digest('base64')}'`;
}

const carries = (attributes: string, marker: string) => attributes.includes(` nonce="${marker}"`);

/** The hash source of every inline script of a document that carries `marker`, in order, without repeats. */
export function inlineScriptHashes(html: string, marker: string, encoding: PageTextEncoding = 'utf8'): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes) || !carries(attributes, marker)) continue;
    const text = match[2] ?? '';
    if (text.length > 0) hashes.add(cspHash(text, encoding));
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
 * The policy for one HTML document rendered with `marker`: the base policy (helmet's, `script-src 'self'`)
 * with the hashes of the document's marked inline scripts added to script-src, and Google's tag host when
 * the document loads our tag; and the document without the marker (the same bytes for every render of
 * the same content, so its ETag holds). `encoding`: how `html` was read from the page's bytes.
 */
export function pagePolicy(
  basePolicy: string,
  html: string,
  marker: string,
  encoding: PageTextEncoding = 'utf8',
): { policy: string; html: string } {
  const current = /(?:^|;)\s*script-src\s+([^;]*)/i.exec(basePolicy)?.[1]?.trim().split(/\s+/) ?? ["'self'"];
  const sources = [...current, ...inlineScriptHashes(html, marker, encoding)];
  const googleTag = [...html.matchAll(/<script\b[^>]*>/gi)].some(
    ([tag]) => GOOGLE_TAG.test(tag) && carries(tag.slice('<script'.length, -1), marker),
  );
  if (googleTag) sources.push(GOOGLE_TAG_HOST);
  return {
    policy: withDirective(basePolicy, 'script-src', sources),
    html: html.replaceAll(` nonce="${marker}"`, ''),
  };
}

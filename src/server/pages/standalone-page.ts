import { escapeHtml } from '../lib/escape-html';
import type { FastifyReply } from 'fastify';
import { cspHash, withDirective } from './page-csp';

/**
 * A page the server writes itself, outside React: the maintenance page, and the answer to a browser whose
 * address cannot be read (React Router never sees it). Self-contained: one style allowed by its hash, no
 * request for CSS, fonts or script.
 */
const STANDALONE_STYLE = `body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f8fafc;color:#0f172a;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:32rem;margin:1.5rem;padding:2.5rem 2rem;background:#fff;border:1px solid #e2e8f0;border-radius:1rem;box-shadow:0 10px 30px -12px rgb(15 23 42 / .15);text-align:center}
.brand{font-weight:700;color:#4f46e5;letter-spacing:.02em;margin:0 0 1.5rem}
h1{font-size:1.75rem;line-height:1.25;margin:0 0 .75rem}
p{margin:0 0 1rem;color:#475569}.contact{margin:1.5rem 0 0;font-size:.95rem}
a{color:#4338ca;font-weight:600}
form{margin:1.5rem 0 0}button{font:inherit;font-weight:600;color:#fff;background:#4f46e5;border:0;border-radius:.5rem;padding:.7rem 1.4rem;cursor:pointer;min-height:44px}
button:hover{background:#4338ca}button:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}
.address{font-weight:600;color:#0f172a;overflow-wrap:anywhere}
`;
export const STANDALONE_STYLE_HASH = cspHash(STANDALONE_STYLE);

/** The whole policy of a standalone page sent where no page policy was set (before any hook ran). */
export const STANDALONE_PAGE_CSP = `default-src 'none'; style-src ${STANDALONE_STYLE_HASH}; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

export interface StandalonePage {
  /** Shown above the heading and after the title: the company's name, or a neutral stand-in. */
  brand: string;
  title: string;
  /** Plain text (escaped here). */
  text: string;
  /** Markup after the text, escaped by the caller. */
  extraHtml?: string;
}

export function standalonePage({ brand, title, text, extraHtml = '' }: StandalonePage): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(title)} | ${escapeHtml(brand)}</title>
<style>${STANDALONE_STYLE}</style></head>
<body><main><p class="brand">${escapeHtml(brand)}</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${extraHtml}</main></body></html>`;
}

/**
 * Answers with a standalone page: `status`, never stored, and its style allowed in the policy helmet set
 * for the request (the maintenance page, "being set up", a form from another site).
 */
export function sendStandalonePage(
  reply: FastifyReply,
  status: number,
  html: string,
  headers: Record<string, string> = {},
): FastifyReply {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') {
    reply.header('content-security-policy', withDirective(policy, 'style-src', ["'self'", STANDALONE_STYLE_HASH]));
  }
  return reply
    .status(status)
    .headers({ ...headers, 'cache-control': 'no-store' })
    .type('text/html; charset=utf-8')
    .send(html);
}

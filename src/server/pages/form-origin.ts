import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendStandalonePage, standalonePage } from './standalone-page';

/*
 * The quote form without JavaScript posts to the home page, and React Router refuses an action whose
 * Origin is not the request's own origin, which the server builds from PUBLIC_URL (web.ts). A visitor who
 * reached the site under another of its names (the bare domain beside www, the server's address) would
 * lose the message to a bare "Bad Request". A form sent from this very server under another name (its
 * Origin names the Host the browser connected to) is the site's own form: it is accepted, its Origin is
 * given to React Router as PUBLIC_URL's, and the log says once per name that PUBLIC_URL is not the name
 * visitors use. A form sent from another site is refused with a page that says so.
 */

/** Names already reported in the log (bounded: a client may send any Host). */
const reported = new Set<string>();
const REPORTED_MAX = 100;

export type FormOrigin =
  /** No Origin, or PUBLIC_URL's: as sent. */
  | { kind: 'canonical' }
  /** This server under another name: React Router is to be given `origin`. */
  | { kind: 'other-name'; origin: string; host: string }
  /** Another site, or an Origin that names none ("null", not a URL). */
  | { kind: 'cross-site' };

export function formOrigin(request: FastifyRequest, publicUrl: string): FormOrigin {
  const header = request.headers.origin;
  if (header === undefined) return { kind: 'canonical' };
  const canonical = new URL(publicUrl);
  let origin: URL;
  try {
    origin = new URL(header);
  } catch {
    return { kind: 'cross-site' };
  }
  if (origin.origin === canonical.origin) return { kind: 'canonical' };
  if (origin.host.toLowerCase() !== request.host.toLowerCase()) return { kind: 'cross-site' };
  if (!reported.has(origin.host) && reported.size < REPORTED_MAX) {
    reported.add(origin.host);
    request.log.warn(
      { host: origin.host, publicUrl },
      `a form was sent through ${origin.host}, not PUBLIC_URL's ${canonical.host}: it was accepted; links, e-mails and certificates carry PUBLIC_URL, so set PUBLIC_URL to the address visitors use or redirect this name to it`,
    );
  }
  return { kind: 'other-name', origin: canonical.origin, host: origin.host };
}

/** The answer to a form sent from another site: 403 and a page saying nothing was sent, and where to go. */
export function refuseCrossSiteForm(reply: FastifyReply, brand: string): FastifyReply {
  return sendStandalonePage(
    reply,
    403,
    standalonePage({
      brand,
      title: 'This form was sent from another site',
      text: 'For your safety, the quote form only takes messages sent from this website. Nothing was sent: open the website and send your message from its own form.',
      extraHtml: '<p class="contact"><a href="/#get-quote">Go to the quote form</a></p>',
    }),
  );
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../lib/escape-html';
import { sendStandalonePage, standalonePage } from '../../pages/standalone-page';
import { confirmSubscriber, readLink, unsubscribeSubscriber, type LinkState } from './newsletter-confirm';
import type { LinkPurpose } from './newsletter-links';
import { companyName, newsletterContext } from './newsletter.service';

/*
 * The pages the newsletter's mails link to (ADR 0046): /newsletter/confirm and /newsletter/unsubscribe,
 * `?token=` the signed link. They are written by the server like the maintenance page and work without
 * JavaScript. A GET only shows the page with a button (mail scanners open links; the site caches pages):
 * the change is the button's POST to the same address. A mail program's one-click unsubscribe (RFC 8058:
 * `List-Unsubscribe=One-Click` posted to the List-Unsubscribe address) is that same POST. Never cached.
 */

/** Form bodies are small: the one-click body, or the button's empty one. */
const FORM_BODY_LIMIT = 4096;

interface PageQuery {
  token?: unknown;
}

function tokenOf(request: FastifyRequest): string {
  const token = (request.query as PageQuery).token;
  return typeof token === 'string' ? token : '';
}

const BLOG_LINK = '<p class="contact"><a href="/blog">Go to the blog</a></p>';

function formHtml(purpose: LinkPurpose, token: string, label: string): string {
  const action = `/newsletter/${purpose}?token=${encodeURIComponent(token)}`;
  return `<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(label)}</button></form>`;
}

/** The address, wrapping (when it must) after its @ and before its dots rather than mid-word. */
function addressHtml(email: string): string {
  const parts = email.split(/(?=\.)|(?<=@)/).map(escapeHtml);
  return `<p class="address">${parts.join('<wbr>')}</p>`;
}

/** The page of a link that cannot be used: expired, or not one of ours (or its subscriber was removed). */
function brokenLinkPage(brand: string, purpose: LinkPurpose, state: LinkState) {
  const expired = state.kind === 'expired';
  return standalonePage({
    brand,
    title: expired ? 'This link has expired' : 'This link does not work',
    text: expired
      ? 'Confirmation links work for seven days. Sign up again on the blog and we will send you a new one.'
      : purpose === 'confirm'
        ? 'It may have been copied incompletely, or the subscription no longer exists. Sign up again on the blog to get a new link.'
        : 'It may have been copied incompletely, or the address has already been removed from our list.',
    extraHtml: BLOG_LINK,
  });
}

export async function newsletterPageRoutes(app: FastifyInstance): Promise<void> {
  const ctx = newsletterContext(app);

  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  const config = { access: 'public' as const };
  const schema = { hide: true };
  const page = (reply: FastifyReply, status: number, html: string) =>
    // The address carries the link's token: no referrer takes it anywhere, not even to the blog's analytics.
    sendStandalonePage(reply, status, html, { 'x-robots-tag': 'noindex', 'referrer-policy': 'no-referrer' });

  app.get('/newsletter/confirm', { config, schema }, async (request, reply) => {
    const token = tokenOf(request);
    const [state, brand] = await Promise.all([readLink(ctx(), 'confirm', token), companyName(app.database.db)]);
    if (state.kind !== 'ok') return page(reply, 404, brokenLinkPage(brand, 'confirm', state));
    const { subscriber } = state;
    if (subscriber.status === 'subscribed') return page(reply, 200, confirmedPage(brand));
    if (subscriber.status !== 'pending') return page(reply, 404, brokenLinkPage(brand, 'confirm', { kind: 'invalid' }));
    return page(
      reply,
      200,
      standalonePage({
        brand,
        title: 'Confirm your subscription',
        text: `Press the button to receive the ${brand} newsletter at this address:`,
        extraHtml: addressHtml(subscriber.email) + formHtml('confirm', token, 'Confirm subscription'),
      }),
    );
  });

  app.post('/newsletter/confirm', { config, schema }, async (request, reply) => {
    const token = tokenOf(request);
    const [outcome, brand] = await Promise.all([confirmSubscriber(ctx(), token), companyName(app.database.db)]);
    if (outcome.kind !== 'ok') return page(reply, 404, brokenLinkPage(brand, 'confirm', outcome));
    return page(reply, 200, confirmedPage(brand));
  });

  app.get('/newsletter/unsubscribe', { config, schema }, async (request, reply) => {
    const token = tokenOf(request);
    const [state, brand] = await Promise.all([readLink(ctx(), 'unsubscribe', token), companyName(app.database.db)]);
    if (state.kind !== 'ok') return page(reply, 404, brokenLinkPage(brand, 'unsubscribe', state));
    const { subscriber } = state;
    if (subscriber.status === 'unsubscribed' || subscriber.status === 'bounced') {
      return page(reply, 200, unsubscribedPage(brand));
    }
    return page(
      reply,
      200,
      standalonePage({
        brand,
        title: 'Unsubscribe from the newsletter?',
        text: `Press the button and the ${brand} newsletter will no longer be sent to:`,
        extraHtml: addressHtml(subscriber.email) + formHtml('unsubscribe', token, 'Unsubscribe'),
      }),
    );
  });

  app.post('/newsletter/unsubscribe', { config, schema }, async (request, reply) => {
    const token = tokenOf(request);
    const [outcome, brand] = await Promise.all([unsubscribeSubscriber(ctx(), token), companyName(app.database.db)]);
    if (outcome.kind !== 'ok') return page(reply, 404, brokenLinkPage(brand, 'unsubscribe', outcome));
    return page(reply, 200, unsubscribedPage(brand));
  });
}

function confirmedPage(brand: string): string {
  return standalonePage({
    brand,
    title: "You're subscribed",
    text: `Thank you for confirming. New posts from ${brand} will come to your inbox; every email has a link to unsubscribe.`,
    extraHtml: BLOG_LINK,
  });
}

function unsubscribedPage(brand: string): string {
  return standalonePage({
    brand,
    title: "You're unsubscribed",
    text: `You will not get the ${brand} newsletter any more. If this was a mistake, you can sign up again on the blog.`,
    extraHtml: BLOG_LINK,
  });
}

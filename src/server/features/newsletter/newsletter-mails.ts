import type { MailMessage } from '../../jobs/mailer';

/*
 * The newsletter's mails (ADR 0046), plain text: the confirmation of a sign-up, and a post sent to the
 * subscribers with its unsubscribe link in the text and in the List-Unsubscribe headers (RFC 2369, and
 * RFC 8058's one-click POST).
 */

/** Outbox kinds. A post's mails are `newsletter-post:<send id>`, so that their outcomes find their send. */
export const CONFIRM_KIND = 'newsletter-confirm';
export const TEST_KIND = 'test-newsletter';
export const POST_KIND_PREFIX = 'newsletter-post:';
/** The confirmation and post mails start with it (not the test): a permanent refusal of one marks the address bounced. */
export const NEWSLETTER_KIND_PREFIX = 'newsletter-';

export function confirmationMail(to: string, company: string, confirmUrl: string): MailMessage {
  return {
    to,
    kind: CONFIRM_KIND,
    subject: `Please confirm your subscription to ${company}`,
    text: [
      'Hello,',
      '',
      `Someone, hopefully you, asked to receive the ${company} newsletter at this address.`,
      'To confirm, open this link and press "Confirm subscription":',
      '',
      confirmUrl,
      '',
      'The link works for seven days. If you did not ask for this, ignore this email: you will not be',
      'subscribed and will get nothing more from us.',
      '',
      company,
    ].join('\n'),
  };
}

export interface PostForMail {
  title: string;
  excerpt: string;
  slug: string;
}

/** The subject and text of a post's mail, without the unsubscribe footer (the same for every subscriber). */
export function postMailBody(post: PostForMail, company: string, publicUrl: string): { subject: string; text: string } {
  return {
    subject: post.title,
    text: [
      post.title,
      '',
      post.excerpt,
      '',
      `Read the whole post: ${publicUrl}/blog/${encodeURIComponent(post.slug)}`,
      '',
      `— ${company}`,
    ].join('\n'),
  };
}

/** The footer every newsletter mail ends with. */
export function unsubscribeFooter(company: string, unsubscribeUrl: string): string {
  return [
    '',
    '--',
    `You get this email because you subscribed to the ${company} newsletter.`,
    `Unsubscribe: ${unsubscribeUrl}`,
  ].join('\n');
}

/** A post's mail to one subscriber: the frozen text, the footer and the headers with their own link. */
export function postMail(
  to: string,
  sendId: number,
  body: { subject: string; text: string },
  company: string,
  unsubscribeUrl: string,
): MailMessage {
  return {
    to,
    kind: `${POST_KIND_PREFIX}${sendId}`,
    subject: body.subject,
    text: `${body.text}\n${unsubscribeFooter(company, unsubscribeUrl)}`,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The send id of a post mail's kind, or null for the other newsletter mails. */
export function sendIdOfKind(kind: string | null): number | null {
  if (!kind?.startsWith(POST_KIND_PREFIX)) return null;
  const id = Number(kind.slice(POST_KIND_PREFIX.length));
  return Number.isInteger(id) && id > 0 ? id : null;
}

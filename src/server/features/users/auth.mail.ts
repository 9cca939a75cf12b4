import { type MailMessage } from '../../jobs/mailer';
import { escapeHtml } from '../../lib/escape-html';

/* The mails of sign-in: plain text and HTML with every interpolated value escaped. */

function layout(paragraphs: string[], link: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  return `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5">
${body}
<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>
<p style="color: #666; font-size: 0.9em">${escapeHtml(link.href)}</p>
</body></html>`;
}

export function passwordResetMail(to: string, username: string, link: string): MailMessage {
  const intro = [
    `Hello ${username},`,
    'Someone asked to reset the password of your account. Use the link below within one hour to choose a new one.',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ];
  return {
    to,
    kind: 'password-reset',
    subject: 'Reset your password',
    text: `${intro.join('\n\n')}\n\n${link}\n`,
    html: layout(intro, { href: link, label: 'Choose a new password' }),
  };
}

export function emailVerificationMail(to: string, username: string, link: string): MailMessage {
  const intro = [
    `Hello ${username},`,
    'Please confirm that this e-mail address belongs to your account by opening the link below within 48 hours.',
  ];
  return {
    to,
    kind: 'email-verification',
    subject: 'Confirm your e-mail address',
    text: `${intro.join('\n\n')}\n\n${link}\n`,
    html: layout(intro, { href: link, label: 'Confirm my e-mail address' }),
  };
}

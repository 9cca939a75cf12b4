import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import { insertOutboxMessage, markOutboxFailed, markOutboxSent } from './mail-outbox.repository';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailResult {
  /** The mail_outbox row that records this message. */
  id: number;
  status: 'sent' | 'failed' | 'logged';
}

export interface Mailer {
  /** Records the message in mail_outbox, then sends it. Never throws for a delivery failure: the row keeps it. */
  send(message: MailMessage): Promise<MailResult>;
  /**
   * Sends without making the caller wait (a response must not reveal by its timing whether a mail went
   * out); errors are logged. Closing the app waits for these.
   */
  sendInBackground(message: MailMessage): void;
  /** Resolves once the mails handed to sendInBackground so far are recorded and sent (or have failed). */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

const RETRY_DELAY_MS = 5 * 60_000;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** For every value interpolated into an HTML mail body. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}

/**
 * app.mailer (ADR 0006). With SMTP_URL: every message is written to mail_outbox as pending, sent through
 * nodemailer, then marked sent, or failed with the error and a retry time. Without SMTP_URL nothing is
 * sent: the message is kept in the outbox as 'logged' and written to the log in full at info level, so
 * that in development the operator can follow a reset link.
 */
export const mailerPlugin = fp(
  async (app: FastifyInstance) => {
    const { smtpUrl, mailFrom } = app.config;
    const transport: Transporter | null = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
    const inFlight = new Set<Promise<unknown>>();
    app.addHook('onClose', async () => {
      await app.mailer.settled();
      transport?.close();
    });

    const mailer: Mailer = {
      async send(message) {
        const db = app.database.db;
        const row = {
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html ?? null,
        };
        const now = new Date().toISOString();
        if (!transport) {
          const id = await insertOutboxMessage(db, row, 'logged', now);
          app.log.info(
            { mail: { id, to: message.to, subject: message.subject, text: message.text } },
            'mail not sent (no SMTP_URL configured); logged instead',
          );
          return { id, status: 'logged' };
        }
        const id = await insertOutboxMessage(db, row, 'pending', now);
        try {
          await transport.sendMail({
            from: mailFrom,
            to: message.to,
            subject: message.subject,
            text: message.text,
            ...(message.html ? { html: message.html } : {}),
          });
          await markOutboxSent(db, id, new Date().toISOString());
          app.log.info({ mailId: id, subject: message.subject }, 'mail sent');
          return { id, status: 'sent' };
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          await markOutboxFailed(db, id, reason, new Date(Date.now() + RETRY_DELAY_MS).toISOString());
          app.log.warn({ mailId: id, err: error }, 'mail delivery failed; kept in the outbox for a retry');
          return { id, status: 'failed' };
        }
      },
      sendInBackground(message) {
        const task = mailer
          .send(message)
          .catch((error: unknown) =>
            app.log.error({ err: error, subject: message.subject }, 'mail could not be queued'),
          )
          .finally(() => inFlight.delete(task));
        inFlight.add(task);
      },
      async settled() {
        await Promise.allSettled([...inFlight]);
      },
    };
    app.decorate('mailer', mailer);
  },
  { name: 'mailer' },
);

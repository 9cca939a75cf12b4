import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import { ContactMessage } from '../../shared/contracts/contacts.values';
import { formatMessage } from '../../shared/errors';
import type { DB, MailStatus } from '../db/schema';
import { retryWriteConflicts, writeTransaction } from '../db/write-conflicts';
import {
  claimOutboxRow,
  findOutboxRow,
  finishOutboxRow,
  insertOutboxMessage,
  listDueIds,
  listFailingMailsOfContact,
  type OutboxRow,
} from './mail-outbox.repository';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is (e.g. 'contact-staff'), kept on the outbox row for the log and support. */
  kind?: string;
  /** Extra headers (e.g. List-Unsubscribe), kept on the outbox row as JSON. */
  headers?: Record<string, string>;
}

/** How the attempt at a row ended, for a MailOutcomeHook. */
export interface MailAttemptOutcome {
  status: 'sent' | 'logged' | 'failed';
  /** No further attempt will be made (sent, logged, or failed for good). */
  final: boolean;
  /** The mail server refused the recipient or the message with a permanent (5xx) answer. */
  rejected: boolean;
}

/**
 * Told of every attempt at the rows whose kind starts with `kindPrefix`, in the transaction that records
 * the attempt (a feature keeps its counts, or marks an address that bounced). For these rows a permanent
 * refusal ends the retries at once.
 */
export interface MailOutcomeHook {
  kindPrefix: string;
  onOutcome(trx: Kysely<DB>, row: OutboxRow, outcome: MailAttemptOutcome): Promise<void>;
}

/**
 * The contacts a mail may be about (the contacts feature owns their rows): while one's mails fail, its
 * failed-submission line says why.
 */
export interface MailContacts {
  /** Holds the contact's row until the transaction ends, so that its mails' outcomes are judged one at a time. */
  lock(trx: Kysely<DB>, contactId: number): Promise<void>;
  /** Sets or clears the contact's failed-submission line; no other field of the contact changes. */
  setMailError(db: Kysely<DB>, contactId: number, message: string | null): Promise<void>;
}

export interface EnqueueOptions {
  /** The contact this mail is about: while it fails, the contact shows why (contacts.error_message). */
  contactId?: number;
}

export interface MailResult {
  /** The mail_outbox row that records this message. */
  id: number;
  status: MailStatus;
}

export interface Mailer {
  /**
   * Writes the message to mail_outbox as pending and returns the row id. Given a transaction, the row
   * is stored with the caller's work or not at all; call flush() after the commit. Given the database
   * itself, the worker is woken at once.
   */
  enqueue(db: Kysely<DB>, message: MailMessage, options?: EnqueueOptions): Promise<number>;
  /** Wakes the worker: everything due is sent now. */
  flush(): void;
  /** Queues the message and makes the first attempt now; resolves with the row's state after it. */
  send(message: MailMessage): Promise<MailResult>;
  /**
   * Queues without making the caller wait (a response must not reveal by its timing whether a mail went
   * out); errors are logged.
   */
  sendInBackground(message: MailMessage): void;
  /** Resolves once the mails handed to sendInBackground so far are queued and everything due was attempted. */
  settled(): Promise<void>;
  /** Adds a hook told of the attempts at some kinds of mail (see MailOutcomeHook). */
  onOutcome(hook: MailOutcomeHook): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** How long a row stays with the instance sending it; longer than one send can take with the timeouts below. */
export const MAIL_LEASE_MS = 5 * 60_000;
/** Connection, greeting and idle-socket timeouts of one SMTP delivery. */
export const SMTP_TIMEOUT_MS = 10_000;
/** The longest wait between two attempts. */
export const MAIL_RETRY_MAX_SECONDS = 3600;
const DUE_BATCH = 20;

/** Seconds until the next attempt after `attempts` failed ones: base, 2 x base, 4 x base, ... at most an hour. */
export function retryDelaySeconds(attempts: number, baseSeconds: number): number {
  return Math.min(MAIL_RETRY_MAX_SECONDS, baseSeconds * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}

/** The first line of a delivery error, short enough for the contacts table. */
export function shortReason(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim() || 'unknown error';
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/**
 * A permanent refusal by the receiving server of the recipient (RCPT TO) or of the message (DATA): a 5xx
 * answer, as nodemailer reports it. A refused sender (MAIL FROM) or a connection failure is not one.
 */
export function isPermanentRejection(error: unknown): boolean {
  const { responseCode, command } = (error ?? {}) as { responseCode?: unknown; command?: unknown };
  if (typeof responseCode !== 'number' || responseCode < 500 || responseCode > 599) return false;
  // Not the code: nodemailer calls a refused sender (MAIL FROM) an EENVELOPE error too.
  return typeof command === 'string' && /^(RCPT|DATA)\b/i.test(command);
}

/** The contact's failed-submission line from the state of its mails: gave up, still failing, or none. */
async function refreshContactError(db: Kysely<DB>, contacts: MailContacts, contactId: number): Promise<void> {
  const failed = await listFailingMailsOfContact(db, contactId);
  const gaveUp = failed.find((row) => row.status === 'failed' && row.next_attempt_at === null);
  const failing = failed[0];
  let message: string | null = null;
  if (gaveUp) {
    message = formatMessage(ContactMessage.MAIL_GAVE_UP, {
      attempts: gaveUp.attempts,
      reason: gaveUp.last_error ?? 'unknown error',
    });
  } else if (failing) {
    message = formatMessage(ContactMessage.MAIL_FAILING, { reason: failing.last_error ?? 'unknown error' });
  }
  await contacts.setMailError(db, contactId, message);
}

/**
 * app.mailer: the mail outbox (ADR 0013). Every message is first a mail_outbox row; a worker in this
 * process claims due rows one at a time with a conditional UPDATE (so several instances never send one
 * row twice), sends through nodemailer, and marks the row sent, or failed with the error and a next
 * attempt after an exponential backoff, until MAIL_MAX_ATTEMPTS. It wakes when mail is queued, every
 * MAIL_POLL_SECONDS, and at start (rows left by a restart or a crash). Without SMTP_URL nothing is sent:
 * each row becomes 'logged' and is written to the log in full, so that in development the operator can
 * follow a reset link.
 */
export const mailerPlugin = fp(
  async (app: FastifyInstance, { contacts }: { contacts: MailContacts }) => {
    const { smtpUrl, mailFrom, mailRetryBaseSeconds, mailMaxAttempts, mailPollSeconds } = app.config;
    const transport: Transporter | null = smtpUrl
      ? nodemailer.createTransport({
          url: smtpUrl,
          connectionTimeout: SMTP_TIMEOUT_MS,
          greetingTimeout: SMTP_TIMEOUT_MS,
          socketTimeout: SMTP_TIMEOUT_MS,
        })
      : null;
    const owner = `${hostname().slice(0, 40)}:${process.pid}:${randomUUID().slice(0, 8)}`;
    const db = () => app.database.db;
    const iso = (ms: number) => new Date(ms).toISOString();
    const inFlight = new Set<Promise<unknown>>();
    const hooks: MailOutcomeHook[] = [];
    let running: Promise<void> | null = null;
    let again = false;
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;

    async function deliver(row: OutboxRow): Promise<void> {
      let outcome: Parameters<typeof finishOutboxRow>[3];
      let rejected = false;
      const hooked = hooks.filter((hook) => row.kind?.startsWith(hook.kindPrefix));
      if (!transport) {
        app.log.info(
          { mail: { id: row.id, kind: row.kind, to: row.to_address, subject: row.subject, text: row.text_body } },
          'mail not sent (no SMTP_URL configured); logged instead',
        );
        outcome = { status: 'logged', at: iso(Date.now()) };
      } else {
        try {
          await transport.sendMail({
            from: mailFrom,
            to: row.to_address,
            subject: row.subject,
            text: row.text_body,
            ...(row.html_body ? { html: row.html_body } : {}),
            ...(row.headers ? { headers: JSON.parse(row.headers) as Record<string, string> } : {}),
          });
          outcome = { status: 'sent', at: iso(Date.now()) };
          app.log.info({ mailId: row.id, kind: row.kind, subject: row.subject }, 'mail sent');
        } catch (error) {
          rejected = hooked.length > 0 && isPermanentRejection(error);
          const gaveUp = rejected || row.attempts >= mailMaxAttempts;
          const nextAttemptAt = gaveUp
            ? null
            : iso(Date.now() + retryDelaySeconds(row.attempts, mailRetryBaseSeconds) * 1000);
          outcome = { status: 'failed', error: shortReason(error), nextAttemptAt };
          // A mail given up on is an error to watch for (README "What to watch"); a retry is a warning.
          app.log[gaveUp ? 'error' : 'warn'](
            { mailId: row.id, kind: row.kind, attempts: row.attempts, nextAttemptAt, err: error },
            gaveUp ? 'mail delivery failed; giving up' : 'mail delivery failed; will retry',
          );
        }
      }
      // The outcome and the contact's line together; the contact's row is locked first, so that two
      // instances finishing two of its mails at once judge them one after the other.
      const contactId = row.contact_id;
      await writeTransaction(db(), async (trx) => {
        if (contactId !== null) await contacts.lock(trx, contactId);
        await finishOutboxRow(trx, row.id, owner, outcome);
        if (contactId !== null) await refreshContactError(trx, contacts, contactId);
        const final = outcome.status !== 'failed' || outcome.nextAttemptAt === null;
        for (const hook of hooked) await hook.onOutcome(trx, row, { status: outcome.status, final, rejected });
      });
    }

    /** Claims the row if it is still due and sends it; false when it was not (another instance has it). */
    async function processOne(id: number): Promise<boolean> {
      const now = Date.now();
      const row = await retryWriteConflicts(() => claimOutboxRow(db(), id, owner, iso(now), iso(now + MAIL_LEASE_MS)));
      if (!row) return false;
      await deliver(row);
      return true;
    }

    async function pass(): Promise<void> {
      // A row is tried once per pass, however short its retry delay.
      const tried = new Set<number>();
      while (!stopped) {
        const ids = (await listDueIds(db(), iso(Date.now()), DUE_BATCH)).filter((id) => !tried.has(id));
        if (ids.length === 0) return;
        for (const id of ids) {
          if (stopped) return;
          tried.add(id);
          await processOne(id);
        }
      }
    }

    async function work(): Promise<void> {
      try {
        while (again && !stopped) {
          again = false;
          try {
            await pass();
          } catch (error) {
            app.log.error({ err: error }, 'mail worker pass failed; the next one retries');
          }
        }
      } finally {
        // Cleared in the same turn as the last check of `again`, so no wake in between is lost.
        running = null;
      }
    }

    /** Starts a pass, or asks the running one for another; resolves when the worker is idle again. */
    function wake(): Promise<void> {
      if (stopped) return Promise.resolve();
      again = true;
      running ??= work();
      return running;
    }

    app.addHook('onReady', async () => {
      timer = setInterval(() => void wake(), mailPollSeconds * 1000);
      timer.unref();
      void wake();
    });
    app.addHook('onClose', async () => {
      await Promise.allSettled([...inFlight]);
      stopped = true;
      clearInterval(timer);
      // The send in progress finishes and is recorded; everything else waits in the outbox for the next start.
      await running;
      transport?.close();
    });

    function insert(target: Kysely<DB>, message: MailMessage, options: EnqueueOptions): Promise<number> {
      return insertOutboxMessage(
        target,
        {
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html ?? null,
          kind: message.kind ?? null,
          contact_id: options.contactId ?? null,
          headers: message.headers ? JSON.stringify(message.headers) : null,
        },
        iso(Date.now()),
      );
    }

    const mailer: Mailer = {
      async enqueue(target, message, options = {}) {
        const id = await insert(target, message, options);
        if (!target.isTransaction) void wake();
        return id;
      },
      flush() {
        void wake();
      },
      async send(message) {
        const id = await insert(db(), message, {});
        if (!stopped && !(await processOne(id))) await wake();
        const row = await findOutboxRow(db(), id);
        return { id, status: row?.status ?? 'pending' };
      },
      sendInBackground(message) {
        const task = mailer
          .enqueue(db(), message)
          .catch((error: unknown) =>
            app.log.error({ err: error, subject: message.subject }, 'mail could not be queued'),
          )
          .finally(() => inFlight.delete(task));
        inFlight.add(task);
      },
      async settled() {
        await Promise.allSettled([...inFlight]);
        await wake();
      },
      onOutcome(hook) {
        hooks.push(hook);
      },
    };
    app.decorate('mailer', mailer);
  },
  { name: 'mailer' },
);

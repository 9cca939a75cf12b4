import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

export interface ReceivedMail {
  /** The envelope's sender. */
  from: string;
  /** The envelope's recipients. */
  to: string[];
  /** The message as sent (headers and body, still encoded). */
  raw: string;
}

/** accept; refuse every recipient (550 at RCPT TO); or refuse every message (550 once its data is in). */
export type SmtpSinkMode = 'accept' | 'refuse-rcpt' | 'refuse-data';

const permanent = (message: string) => Object.assign(new Error(message), { responseCode: 550 });

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives. It can refuse, answer slowly, and stop and
 * start again on the same port, as a mail server that goes down and comes back does.
 */
export class SmtpSink {
  received: ReceivedMail[] = [];
  /** Recipients refused at RCPT TO with a permanent 550, as a mail server refuses an unknown mailbox. */
  rejected = new Set<string>();
  mode: SmtpSinkMode = 'accept';
  /** Milliseconds to hold each message before accepting it. */
  delayMs = 0;
  /** The port it listens on once started (0 before: the system chooses one). */
  port = 0;
  private server: SMTPServer | undefined;

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (this.mode === 'refuse-rcpt') callback(permanent('Mailbox unavailable'));
        else if (this.rejected.has(address.address.toLowerCase())) callback(permanent('5.1.1 No such user here'));
        else callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (this.mode === 'refuse-data') return callback(permanent('Message refused'));
          setTimeout(() => {
            this.received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              raw: Buffer.concat(chunks).toString('utf8'),
            });
            callback();
          }, this.delayMs);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }
}

/**
 * An SmtpSink for the tests of a file or a describe block. Call it before useTestApp (or before the block
 * that starts a site): its beforeAll runs first and puts the server's address in `env.SMTP_URL`, which the
 * app's configuration reads then.
 */
export function useSmtpSink(env: Record<string, string>): SmtpSink {
  const sink = new SmtpSink();
  beforeAll(async () => {
    await sink.start();
    env.SMTP_URL = sink.url;
  });
  afterAll(() => sink.stop());
  return sink;
}

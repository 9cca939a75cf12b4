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

/**
 * A real SMTP server on 127.0.0.1 for the tests of a file or a describe block, keeping what it receives.
 * Call it before useTestApp: its beforeAll runs first and puts the server's address in `env.SMTP_URL`,
 * which the app's configuration reads then.
 */
export function useSmtpSink(env: Record<string, string>): { received: ReceivedMail[]; rejected: Set<string> } {
  /** Recipients refused at RCPT TO with a permanent 550, as a mail server refuses an unknown mailbox. */
  const sink = { received: [] as ReceivedMail[], rejected: new Set<string>() };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!sink.rejected.has(address.address.toLowerCase())) return callback();
      const error = Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        sink.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    env.SMTP_URL = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return sink;
}

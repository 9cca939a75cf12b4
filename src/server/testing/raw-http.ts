import { connect, type Socket } from 'node:net';

/** The head of an HTTP/1.1 request to 127.0.0.1. */
export const requestHead = (method: string, url: string, head: Record<string, string | number> = {}) =>
  [`${method} ${url} HTTP/1.1`, 'Host: 127.0.0.1', ...Object.entries(head).map(([k, v]) => `${k}: ${v}`), '', ''].join(
    '\r\n',
  );

/** A connection on which a test writes HTTP/1.1 by hand (where a body stops, what follows it). */
export interface RawConnection {
  socket: Socket;
  /** Everything received so far, as text. */
  received(): string;
  closed(): boolean;
  /** The statuses of the answers received so far, in order. */
  statuses(): number[];
  /** Resolves once `data` is handed to the system; rejects when the connection fails first. */
  send(data: Buffer | string): Promise<void>;
}

export function rawConnection(port: number): RawConnection {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  let closed = false;
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('close', () => (closed = true));
  // A failed write rejects send(); a connection the server cut off shows as closed().
  socket.on('error', () => undefined);
  return {
    socket,
    received: () => received,
    closed: () => closed,
    // An answer follows the previous one's body on the same line.
    statuses: () => [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1])),
    send: (data) =>
      new Promise((resolve, reject) => socket.write(data, (error) => (error ? reject(error) : resolve()))),
  };
}

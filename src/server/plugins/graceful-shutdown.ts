import { Server } from 'node:net';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, ErrorMessage } from '../../shared/errors';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * First half of a graceful shutdown (the caller then runs `close()`, which closes the database):
     * every answer from now on closes its connection and readiness fails; resolves once the listener is
     * closed and every connection has been answered and closed.
     */
    drainForShutdown(): Promise<void>;
  }
}

/** No new connection or request for this long: what clients had sent before the signal has been read. */
const QUIET_MS = 100;
/** Under a steady stream of new clients, stop waiting for quiet (and stop listening) after this long. */
const MAX_ACCEPT_MS = 3_000;
/** Requests still arriving this long after the signal get a quick 503, so the drain stays bounded. */
const ANSWER_FOR_MS = 5_000;
/** A connection without a request for this long, once the listener is closed, is closed. */
const IDLE_GRACE_MS = 300;
const TICK_MS = 50;

/**
 * Waits, then lets one poll phase run: timers fire before the poll phase, so after a render that kept the
 * loop busy all along, a check made straight from a timer would not yet have seen the connections waiting
 * in the accept queue or the requests waiting in socket buffers. setImmediate runs after a poll.
 */
async function waitThroughPoll(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  await new Promise((resolve) => setImmediate(resolve));
}

interface ConnectionState {
  requests: number;
  idleSince: number;
}

/**
 * Why not just `close()`: Node's server.close() destroys at once every connection that has no request
 * in progress, including one whose request is still unread in its buffer because the server was busy,
 * and closing the listener resets the connections still in the kernel's accept queue. Clients then see
 * resets for requests they had sent. So the listener stays open until the server has caught up (requests
 * parsed after the signal wait for the listener to close, so their clients open no new connections),
 * every answer after the signal carries `Connection: close`, and a connection is only closed by us once
 * it has been without a request for a while. Work is bounded: requests reaching the handlers more than
 * ANSWER_FOR_MS after the signal get a 503, and server.ts exits anyway after 10 s.
 */
export const gracefulShutdownPlugin = fp(async (app: FastifyInstance) => {
  let since: number | undefined;
  let activity = 0;
  const connections = new Map<Socket, ConnectionState>();

  app.server.on('connection', (socket: Socket) => {
    activity += 1;
    connections.set(socket, { requests: 0, idleSince: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  // Node emits 'request' as soon as the head is parsed, before any hook: the connection is busy from here.
  app.server.on('request', (request, response) => {
    activity += 1;
    const state = connections.get(request.socket);
    if (!state) return;
    state.requests += 1;
    response.once('close', () => {
      state.requests -= 1;
      state.idleSince = Date.now();
    });
  });

  let markListenerClosed: () => void = () => undefined;
  const listenerClosed = new Promise<void>((resolve) => (markListenerClosed = resolve));
  const unavailable = () =>
    new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, ErrorMessage.SHUTTING_DOWN, undefined, { 'retry-after': '5' });

  app.addHook('onRequest', async (request, reply) => {
    if (since === undefined) return;
    reply.header('connection', 'close');
    if (request.url === '/api/ready') throw unavailable();
    // Held until the listener is closed: a client waiting for its answer opens no new connection, so the
    // accept queue empties and the listener can close without resetting anybody.
    await listenerClosed;
    if (Date.now() - since > ANSWER_FOR_MS) throw unavailable();
  });

  app.decorate('drainForShutdown', async () => {
    if (since !== undefined) return;
    since = Date.now();
    const acceptUntil = since + MAX_ACCEPT_MS;
    let seen = -1;
    while (seen !== activity && Date.now() < acceptUntil) {
      seen = activity;
      await waitThroughPoll(QUIET_MS);
    }
    // The listener only: http.Server#close() would also destroy the connections it considers idle.
    if (app.server.listening) Server.prototype.close.call(app.server);
    markListenerClosed();
    while (connections.size > 0) {
      await waitThroughPoll(TICK_MS);
      const now = Date.now();
      for (const [socket, state] of connections) {
        if (state.requests === 0 && now - state.idleSince >= IDLE_GRACE_MS) socket.destroy();
      }
    }
  });
});

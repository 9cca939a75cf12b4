import { Server } from 'node:net';
import type { Socket } from 'node:net';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, ErrorMessage } from '../../shared/errors';
import { AppError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * First half of a graceful shutdown (the caller then runs `close()`, which closes the database):
     * every answer from now on closes its connection and readiness fails; resolves once the listener is
     * closed and every connection has been answered and closed.
     */
    drainForShutdown(): Promise<void>;
    /**
     * Resolves true once no route handler is running, or false at `until` (a time in ms) if some still are:
     * work for a client already refused at the last call may outlast the drain.
     */
    handlersSettled(until: number): Promise<boolean>;
  }
}

/** No new connection or request for this long: what clients had sent before the signal has been read. */
const QUIET_MS = 100;
/** Under a steady stream of new clients, stop waiting for quiet (and stop listening) after this long. */
const MAX_ACCEPT_MS = 3_000;
/** A connection without a request for this long, once the listener is closed, is closed. */
const IDLE_GRACE_MS = 300;
const TICK_MS = 50;
/** The grace period when none is configured (SHUTDOWN_GRACE_SECONDS). */
export const DEFAULT_SHUTDOWN_GRACE_SECONDS = 15;

/**
 * The drain's deadlines, from the signal, within the grace period (SHUTDOWN_GRACE_SECONDS, after which
 * server.ts exits whatever is left): listening stops within `acceptFor`; a request reaching the handlers
 * after `answerFor` gets a quick 503; at `lastCall` every request still without an answer gets a 503, and
 * connections are closed as soon as they are idle, so that nobody is reset by the exit.
 */
export function shutdownDeadlines(graceSeconds: number): { acceptFor: number; answerFor: number; lastCall: number } {
  const grace = graceSeconds * 1000;
  return {
    acceptFor: Math.min(MAX_ACCEPT_MS, grace * 0.3),
    answerFor: grace * 0.5,
    lastCall: grace - Math.max(1_000, grace * 0.25),
  };
}

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
 * it has been without a request for a while. Work is bounded by the grace period (shutdownDeadlines):
 * requests reaching the handlers late get a 503, and at the last call every request still unanswered is
 * answered 503 (its handler's own answer, should it come, is dropped: the client was told to retry, which a
 * reset would have left it to guess). server.ts exits at the end of the grace period.
 */
export const gracefulShutdownPlugin = fp(async (app: FastifyInstance) => {
  let since: number | undefined;
  let activity = 0;
  const connections = new Map<Socket, ConnectionState>();
  const unanswered = new Set<ServerResponse>();
  const deadlines = shutdownDeadlines(app.config?.shutdownGraceSeconds ?? DEFAULT_SHUTDOWN_GRACE_SECONDS);
  let handlersRunning = 0;

  // Counts the asynchronous handlers still running, whose answer may already have been given by the last
  // call; a handler answering synchronously or through reply.send in a callback is done when it returns.
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, ...args: Parameters<typeof handler>) {
      const result: unknown = handler.apply(this, args);
      if (!(result instanceof Promise)) return result;
      handlersRunning += 1;
      return result.finally(() => (handlersRunning -= 1));
    } as typeof handler;
  });

  app.server.on('connection', (socket: Socket) => {
    activity += 1;
    connections.set(socket, { requests: 0, idleSince: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  // Node emits 'request' as soon as the head is parsed, before any hook: the connection is busy from here.
  app.server.on('request', (request, response) => {
    activity += 1;
    unanswered.add(response);
    response.once('close', () => unanswered.delete(response));
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
    if (Date.now() - since > deadlines.answerFor) throw unavailable();
  });

  /** The last call: every request still without an answer is refused now, on its connection, which closes. */
  let lastCalled = false;
  const answerTheRest = () => {
    lastCalled = true;
    const body = JSON.stringify({
      success: false,
      code: ErrorCode.SERVICE_UNAVAILABLE,
      message: ErrorMessage.SHUTTING_DOWN,
    });
    let refused = 0;
    for (const response of unanswered) {
      if (response.headersSent || response.writableEnded) continue;
      refused += 1;
      response.writeHead(503, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        'retry-after': '5',
        connection: 'close',
      });
      response.end(body);
    }
    if (refused > 0) app.log.warn({ refused }, 'shutdown: the grace period is ending; refused what was still running');
  };

  app.decorate('drainForShutdown', async () => {
    if (since !== undefined) return;
    since = Date.now();
    const acceptUntil = since + deadlines.acceptFor;
    const lastCall = setTimeout(() => answerTheRest(), deadlines.lastCall);
    lastCall.unref();
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
        if (state.requests === 0 && (lastCalled || now - state.idleSince >= IDLE_GRACE_MS)) socket.destroy();
      }
    }
    clearTimeout(lastCall);
  });

  app.decorate('handlersSettled', async (until: number) => {
    while (handlersRunning > 0 && Date.now() < until) await waitThroughPoll(TICK_MS);
    return handlersRunning === 0;
  });
});

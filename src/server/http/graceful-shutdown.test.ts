import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { gracefulShutdownPlugin } from './graceful-shutdown';

/*
 * handlersSettled: the shutdown waits for route handlers still running (their client may already have been
 * refused at the last call) before it closes the database, and leaves it open if they outlast the grace.
 */

const apps: Array<ReturnType<typeof Fastify>> = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function appWithSlowRoute() {
  const app = Fastify();
  apps.push(app);
  await app.register(gracefulShutdownPlugin);
  let finish: () => void = () => undefined;
  const started = new Promise<void>((resolveStarted) => {
    app.get('/slow', async () => {
      resolveStarted();
      await new Promise<void>((resolve) => (finish = resolve));
      return { done: true };
    });
  });
  app.get('/sync', (_request, reply) => {
    reply.send({ done: true });
  });
  await app.ready();
  return { app, started, finish: () => finish() };
}

describe('handlersSettled', () => {
  it('is true at once when no handler is running, including after synchronous ones', async () => {
    const { app } = await appWithSlowRoute();
    expect((await app.inject('/sync')).json()).toEqual({ done: true });
    expect(await app.handlersSettled(Date.now() + 1_000)).toBe(true);
  });

  it('waits for a running asynchronous handler, and gives up at the time given', async () => {
    const { app, started, finish } = await appWithSlowRoute();
    const answer = app.inject('/slow');
    await started;
    const before = Date.now();
    expect(await app.handlersSettled(before + 200)).toBe(false);
    expect(Date.now() - before).toBeGreaterThanOrEqual(150);

    const settled = app.handlersSettled(Date.now() + 5_000);
    finish();
    expect(await settled).toBe(true);
    expect((await answer).json()).toEqual({ done: true });
  });

  it('counts a handler that failed as finished', async () => {
    const app = Fastify();
    apps.push(app);
    await app.register(gracefulShutdownPlugin);
    app.get('/fails', async () => {
      throw new Error('failed');
    });
    expect((await app.inject('/fails')).statusCode).toBe(500);
    expect(await app.handlersSettled(Date.now() + 1_000)).toBe(true);
  });
});

import { ErrorCode, ErrorMessage } from '../../../shared/errors';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ping } from '../../db/database';
import { migrationsCurrent } from '../../db/migrator';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', { schema: { hide: true }, config: { access: 'public' } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true, data: { status: 'ok', uptime: Math.round(process.uptime()) } };
  });

  app.get('/ready', { schema: { hide: true }, config: { access: 'public' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const checks = { database: false, migrations: false, storage: false };
    // Redis is asked at the same time; with REDIS_URL unset it is not part of the answer.
    const redisCheck = app.redis?.ping().then(
      () => true,
      () => false,
    );
    try {
      await ping(app.database);
      checks.database = true;
      checks.migrations = await migrationsCurrent(app.database.db);
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
    }
    try {
      await app.checkUploadStorage();
      checks.storage = true;
    } catch (error) {
      request.log.warn({ err: error }, 'upload storage cannot be written');
    }
    const redis = await redisCheck;
    const all = redis === undefined ? checks : { ...checks, redis };
    if (!checks.database)
      return notReady(reply, ErrorCode.DATABASE_UNAVAILABLE, ErrorMessage.DATABASE_UNREACHABLE, all);
    if (!checks.migrations) return notReady(reply, ErrorCode.MIGRATIONS_PENDING, ErrorMessage.MIGRATIONS_PENDING, all);
    if (!checks.storage) return notReady(reply, ErrorCode.STORAGE_UNAVAILABLE, ErrorMessage.STORAGE_UNAVAILABLE, all);
    // Without Redis the instance still serves: its rate limits count in its own memory and other
    // instances' changes reach it at the poll (ADR 0030). Degraded, not unready: no load balancer should
    // take every instance out because Redis is down.
    // What is not yet set up for production, by name only (the texts and what to do are for admins).
    const setup = await app.setupCheck().then(
      (check) => check.items.filter((item) => !item.done).map((item) => item.id),
      () => undefined,
    );
    return { success: true, data: { status: redis === false ? 'degraded' : 'ready', ...all, setup } };
  });
}

function notReady(reply: FastifyReply, code: ErrorCode, message: string, checks: Record<string, boolean>) {
  return reply.status(503).send({ success: false, code, message, data: checks });
}

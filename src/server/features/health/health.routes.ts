import { ErrorCode, ErrorMessage } from '../../../shared/errors';
import type { FastifyInstance } from 'fastify';
import { ping } from '../../db/database';
import { migrationsCurrent } from '../../db/migrator';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', { schema: { hide: true }, config: { access: 'public' } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true, data: { status: 'ok', uptime: Math.round(process.uptime()) } };
  });

  app.get('/ready', { schema: { hide: true }, config: { access: 'public' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const checks = { database: false, migrations: false };
    try {
      await ping(app.database);
      checks.database = true;
      checks.migrations = await migrationsCurrent(app.database.db);
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
    }
    const ready = checks.database && checks.migrations;
    if (!ready) {
      return reply.status(503).send({
        success: false,
        code: checks.database ? ErrorCode.MIGRATIONS_PENDING : ErrorCode.DATABASE_UNAVAILABLE,
        message: checks.database ? ErrorMessage.MIGRATIONS_PENDING : ErrorMessage.DATABASE_UNREACHABLE,
        data: checks,
      });
    }
    return { success: true, data: { status: 'ready', ...checks } };
  });
}

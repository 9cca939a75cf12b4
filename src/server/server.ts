import v8 from 'node:v8';
import { buildApp } from './app';
import { bootstrap, MigrationsPendingError, type BootstrapSummary } from './bootstrap';
import { ConfigError, loadConfig, readEnvironment, resolveSecrets } from './config';
import { SchemaError } from './db/migrator';

/**
 * Exit status when MIGRATE_ON_START=false finds migrations to apply: EX_TEMPFAIL, "try again later", which
 * is what an orchestrator should do once `npm run migrate` has run (ADR 0030).
 */
const EXIT_MIGRATIONS_PENDING = 75;

/** Entry point: configuration, database preparation, listen, graceful shutdown. */
async function main(): Promise<void> {
  let config;
  try {
    config = resolveSecrets(loadConfig(readEnvironment()));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  // Read by V8 after every full collection, so it applies from here on (ADR 0027).
  if (config.heapGrowingPercent > 0) v8.setFlagsFromString(`--heap-growing-percent=${config.heapGrowingPercent}`);

  const app = await buildApp(config, { web: process.argv.includes('--dev') ? 'dev' : 'build' });
  let summary: BootstrapSummary;
  try {
    summary = await bootstrap(app.database, config, app.log);
  } catch (error) {
    if (!(error instanceof SchemaError)) throw error;
    app.log.error({ pending: error.status.pending, unknown: error.status.unknown }, error.message);
    await app.close().catch(() => undefined);
    process.exit(error instanceof MigrationsPendingError ? EXIT_MIGRATIONS_PENDING : 1);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, draining requests');
    const force = setTimeout(() => {
      app.log.error('requests did not drain within 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.drainForShutdown();
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while closing');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const lines = [
    '',
    `  Website:  ${config.publicUrl}/`,
    `  Admin:    ${config.publicUrl}/admin`,
    `  Database: ${app.database.dialect}${summary.seeded ? ' (demo content loaded)' : ''}`,
    ...summary.adminLines.map((l) => `  ${l}`),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

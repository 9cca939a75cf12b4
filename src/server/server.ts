import v8 from 'node:v8';
import { buildApp } from './app';
import { bootstrap, MigrationsPendingError, type BootstrapSummary } from './bootstrap';
import { ConfigError, loadConfig, readEnvironment, resolveSecrets } from './config';
import { DataDirError, ensureWritableDataDir } from './data-dir';
import { SchemaError } from './db/migrator';
import { createProcessLogger, exitOnCrash, exitWithError, ExitStatus } from './process-log';
import { reportStart } from './start-report';

/**
 * The process logs JSON lines on stdout from its first line to its last: a start stopped by a setting,
 * a folder or the database, and a crash, are one fatal line each with the error and its causes.
 */
const log = createProcessLogger();
exitOnCrash(log);

/**
 * The accept queue's length (the kernel caps it at net.core.somaxconn, 4096 on current kernels). Node's
 * default of 511 overflows under a burst of connections while the server is busy; the kernel then drops the
 * overflowing clients' handshake ACKs, the clients believe they are connected, and closing the listener at
 * shutdown resets them (ADR 0034).
 */
const LISTEN_BACKLOG = 4096;

/** Entry point: configuration, DATA_DIR, database preparation, listen, graceful shutdown. */
async function main(): Promise<void> {
  let config;
  try {
    const loaded = loadConfig(readEnvironment());
    log.level = loaded.logLevel;
    // Before anything writes there: the generated secret is the first.
    ensureWritableDataDir(loaded.dataDir);
    config = resolveSecrets(loaded);
  } catch (error) {
    if (error instanceof ConfigError) {
      exitWithError(log, error, `invalid configuration: ${error.problems.join('; ')}`, ExitStatus.CONFIG);
    }
    if (error instanceof DataDirError) exitWithError(log, error, error.message, ExitStatus.CANT_CREATE);
    throw error;
  }
  // Read by V8 after every full collection, so it applies from here on (ADR 0027).
  if (config.heapGrowingPercent > 0) v8.setFlagsFromString(`--heap-growing-percent=${config.heapGrowingPercent}`);

  const app = await buildApp(config, {
    web: process.argv.includes('--dev') ? 'dev' : 'build',
    loggerInstance: log,
  });
  let summary: BootstrapSummary;
  try {
    summary = await bootstrap(app.database, config, app.log);
  } catch (error) {
    await app.close().catch(() => undefined);
    if (error instanceof SchemaError) {
      const { pending, unknown } = error.status;
      const status = error instanceof MigrationsPendingError ? ExitStatus.TEMPORARY_FAILURE : ExitStatus.SOFTWARE;
      exitWithError(log, error, error.message, status, { pending, unknown });
    }
    throw new Error(`could not prepare the ${app.database.dialect} database (migrations, demo content, first admin)`, {
      cause: error,
    });
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const grace = config.shutdownGraceSeconds;
    app.log.info({ signal, graceSeconds: grace }, 'shutting down: no new connections, draining requests');
    // The drain answers or refuses everything before this (graceful-shutdown.ts); the process manager's stop
    // timeout (systemd TimeoutStopSec, compose stop_grace_period) must be longer.
    const force = setTimeout(() => {
      app.log.error(`requests did not drain within ${grace} s; exiting`);
      process.exit(1);
    }, grace * 1000);
    force.unref();
    const deadline = Date.now() + grace * 1000;
    try {
      await app.drainForShutdown();
      // Every client has its answer or a refusal. Work still running for a refused client (a database queue,
      // say) has what is left of the grace period to finish before the database is closed under it; work
      // that outlasts it ends with the process, and the database rolls back what it had not committed.
      if (!(await app.handlersSettled(deadline - 250))) {
        app.log.warn('shutdown: work still running at the end of the grace period was stopped');
        process.exit(0);
      }
      const closed = await Promise.race([
        app.close().then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), Math.max(0, deadline - Date.now() - 100))),
      ]);
      if (!closed) app.log.warn('shutdown: closing took until the end of the grace period');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while closing');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port, backlog: LISTEN_BACKLOG });
  reportStart({ config, dialect: app.database.dialect, summary, log: app.log, terminal: process.stdout });
}

main().catch((error: unknown) => exitWithError(log, error, 'the server could not start', ExitStatus.SOFTWARE));

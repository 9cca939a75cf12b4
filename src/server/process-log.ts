import Fastify, { type FastifyBaseLogger } from 'fastify';

/** Where JSON log lines go instead of stdout: tests that read them pass one. */
export interface LogStream {
  write(line: string): void;
}

/**
 * Exit statuses of a process that stops, from sysexits.h where one fits, so that an orchestrator can tell a
 * setting to fix from a start to retry.
 */
export const ExitStatus = {
  /** A bug or an error nothing handled. */
  SOFTWARE: 1,
  /** DATA_DIR cannot be created or written (EX_CANTCREAT). */
  CANT_CREATE: 73,
  /** Migrations are pending and MIGRATE_ON_START=false: try again once they ran (EX_TEMPFAIL, ADR 0030). */
  TEMPORARY_FAILURE: 75,
  /** A setting is wrong (EX_CONFIG). */
  CONFIG: 78,
} as const;

type ErrorLike = Error & { cause?: unknown; errors?: unknown };

/**
 * An error as a log line carries it: type, message and stack, its own fields (a driver's `code`, a
 * ConfigError's `problems`), and what caused it, each cause an object of its own down the chain (pino's
 * default puts the causes' messages into one string instead).
 */
export function serializeError(value: unknown, seen: Set<unknown> = new Set()): unknown {
  if (!(value instanceof Error)) return value;
  seen.add(value);
  const error = value as ErrorLike;
  const nested = (inner: unknown) => (seen.has(inner) ? '[Circular]' : serializeError(inner, seen));
  const out: Record<string, unknown> = { type: error.constructor.name, message: error.message, stack: error.stack };
  for (const [key, field] of Object.entries(error)) {
    if (!(key in out)) out[key] = nested(field);
  }
  if (Array.isArray(error.errors)) out.errors = error.errors.map(nested);
  if (error.cause !== undefined) out.cause = nested(error.cause);
  return out;
}

/** What serializeError makes of an Error, as Fastify's logger options type it. */
type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** The logger options of every logger of the server: JSON lines, errors with their causes. */
export function loggerOptions(level: string, stream?: LogStream) {
  return {
    level,
    serializers: { err: (error: Error) => serializeError(error) as SerializedError },
    ...(stream ? { stream } : {}),
  };
}

/**
 * The process's logger, there before the configuration is read (a bad setting, an unwritable DATA_DIR and
 * a crash are logged like everything else) and then given to the app. It is Fastify's pino, made through
 * an instance that never listens: pino is Fastify's dependency, not ours.
 */
export function createProcessLogger(level = 'info', stream?: LogStream): FastifyBaseLogger {
  return Fastify({ logger: loggerOptions(level, stream) }).log;
}

/** Logs why the process stops, as one fatal line with the error and its causes, then exits with `status`. */
export function exitWithError(
  log: FastifyBaseLogger,
  error: unknown,
  message: string,
  status: number,
  fields: Record<string, unknown> = {},
): never {
  log.fatal({ ...fields, err: error }, message);
  process.exit(status);
}

/**
 * An exception nothing caught, or a rejected promise nothing handled, ends the process as Node would
 * (status 1), but as one fatal JSON line instead of a bare stack trace. Node's warnings (a deprecation, a
 * dependency's notice) become warn lines instead of text on stderr: Node prints them through its own
 * 'warning' listener, which is replaced.
 */
export function exitOnCrash(log: FastifyBaseLogger): void {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => log.warn({ warning: warning.name, err: warning }, warning.message));
  process.on('uncaughtException', (error) => exitWithError(log, error, 'uncaught exception', ExitStatus.SOFTWARE));
  process.on('unhandledRejection', (reason) =>
    exitWithError(log, reason, 'unhandled promise rejection', ExitStatus.SOFTWARE),
  );
}

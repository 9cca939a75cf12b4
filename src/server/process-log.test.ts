import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './config';
import { createProcessLogger, serializeError } from './process-log';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FATAL = 60;

interface LogLine {
  level: number;
  msg: string;
  err?: Record<string, unknown>;
}

/** Runs `code` (an ES module importing ./process-log.ts) in a Node process of its own. */
function runScript(code: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('the process log', () => {
  it('writes an error with its type, message, stack, own fields and each cause as an object of its own', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    const error = new Error('could not prepare the postgres database', {
      cause: new TypeError('wrapped', { cause: refused }),
    });
    const lines: LogLine[] = [];
    const log = createProcessLogger('info', { write: (line) => void lines.push(JSON.parse(line) as LogLine) });
    log.fatal({ err: error }, 'the server could not start');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: FATAL,
      msg: 'the server could not start',
      err: {
        type: 'Error',
        message: 'could not prepare the postgres database',
        stack: expect.stringContaining('process-log.test.ts'),
        cause: {
          type: 'TypeError',
          message: 'wrapped',
          cause: { type: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:1', code: 'ECONNREFUSED' },
        },
      },
    });
  });

  it('keeps a ConfigError’s problems, an aggregate’s errors and a cause that is not an error; stops at a cycle', () => {
    expect(serializeError(new ConfigError(['PORT: must be a number']))).toMatchObject({
      type: 'ConfigError',
      problems: ['PORT: must be a number'],
    });
    expect(serializeError(new AggregateError([new Error('a'), new Error('b')], 'both'))).toMatchObject({
      errors: [{ message: 'a' }, { message: 'b' }],
    });
    expect(serializeError(new Error('x', { cause: 'a string' }))).toMatchObject({ cause: 'a string' });
    const looped = new Error('looped');
    looped.cause = looped;
    expect(serializeError(looped)).toMatchObject({ message: 'looped', cause: '[Circular]' });
    expect(serializeError('not an error')).toBe('not an error');
  });

  it.each([
    ['an uncaught exception', "setTimeout(() => { throw new Error('boom', { cause: new Error('the reason') }); });"],
    ['an unhandled rejection', "Promise.reject(new Error('boom', { cause: new Error('the reason') }));"],
  ])('ends the process on %s with one fatal JSON line and its cause, status 1', async (_what, crash) => {
    const { status, stdout, stderr } = await runScript(
      `import { createProcessLogger, exitOnCrash } from './src/server/process-log.ts';\n` +
        `exitOnCrash(createProcessLogger());\n${crash}`,
    );
    expect(status).toBe(1);
    expect(stderr).toBe('');
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      level: FATAL,
      err: { message: 'boom', stack: expect.any(String), cause: { message: 'the reason' } },
    });
  });

  it("logs Node's warnings as warn lines, not text on stderr", async () => {
    const { status, stdout, stderr } = await runScript(
      `import { createProcessLogger, exitOnCrash } from './src/server/process-log.ts';\n` +
        `exitOnCrash(createProcessLogger());\n` +
        `process.emitWarning('upgrade soon', 'NodeVersionSupportWarning');\n` +
        `setTimeout(() => {}, 50);`,
    );
    expect(status).toBe(0);
    expect(stderr).toBe('');
    expect(JSON.parse(stdout.trim())).toMatchObject({
      level: 40,
      msg: 'upgrade soon',
      warning: 'NodeVersionSupportWarning',
      err: { message: 'upgrade soon' },
    });
  });
});

/**
 * One instance of the production build (dist/server.js) for `npm run bench -- --instances`: its own port
 * and DATA_DIR, both kept across a restart (a load balancer keeps sending to the same address), unlike
 * tests/e2e/support/harness.ts startSite, which picks a new port and data directory for every start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../tests/e2e/support/harness';
import { repoRoot } from './environment';

/** How much of an instance's output is kept for the report of a failure. */
const OUTPUT_KEPT = 20_000;
const READY_WITHIN_MS = 90_000;
/** server.ts exits at most 10 s after SIGTERM; after this long the bench kills it. */
const EXIT_WITHIN_MS = 20_000;
/**
 * The build that runs: this checkout's dist/ and build/, or BENCH_BUILD_DIR's (another checkout built there,
 * with node_modules reachable from it), so that a rebuild in this working tree cannot pull the files away
 * from under a run.
 */
export const buildDir = process.env.BENCH_BUILD_DIR ? path.resolve(process.env.BENCH_BUILD_DIR) : repoRoot;

export interface Instance {
  name: string;
  baseUrl: string;
  dataDir: string;
  pid(): number | undefined;
  /** The last OUTPUT_KEPT characters the process wrote (every start of it). */
  output(): string;
  /** Spawns the process and waits until /api/ready answers 200; resolves with the milliseconds it took. */
  start(): Promise<number>;
  /** SIGTERM, then waits for the exit (SIGKILL after EXIT_WITHIN_MS); resolves with the milliseconds it took. */
  stop(): Promise<number>;
  /** Stops the process if it runs and removes the data directory. */
  dispose(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function createInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-instance-${name}-`));
  let child: ChildProcess | undefined;
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
  };
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;

  async function stop(): Promise<number> {
    const started = Date.now();
    const current = child;
    if (!current || !running()) return 0;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGTERM');
    const timer = setTimeout(() => current.kill('SIGKILL'), EXIT_WITHIN_MS);
    await exited;
    clearTimeout(timer);
    return Date.now() - started;
  }

  return {
    name,
    baseUrl,
    dataDir,
    pid: () => child?.pid,
    output: () => output,
    async start() {
      if (running()) throw new Error(`instance ${name} is already running`);
      const started = Date.now();
      output += `\n--- ${name} started at ${new Date(started).toISOString()} ---\n`;
      const current = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
        cwd: buildDir,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = current;
      current.stdout?.on('data', keep);
      current.stderr?.on('data', keep);
      while (Date.now() - started < READY_WITHIN_MS) {
        if (!running()) throw new Error(`instance ${name} exited early (${current.exitCode}):\n${output}`);
        try {
          const res = await fetch(`${baseUrl}/api/ready`, { signal: AbortSignal.timeout(2_000) });
          await res.arrayBuffer();
          if (res.ok) return Date.now() - started;
        } catch {
          // not listening yet
        }
        await sleep(100);
      }
      await stop();
      throw new Error(`instance ${name} was not ready within ${READY_WITHIN_MS / 1000} s:\n${output}`);
    },
    stop,
    async dispose() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The container engine the image test drives: Docker when its daemon answers, otherwise Podman (rootful,
 * no daemon). Some hosts (a cgroup v1/v2 hybrid, tight process limits, as on a VM sandbox) refuse Podman's
 * default runtime and limits; then runc with limits below the host's is tried, and the report says so.
 */
export interface Engine {
  name: 'docker' | 'podman';
  /** Flags before the sub-command (`podman --runtime runc run …`). */
  global: string[];
  /** Flags for `build` and `run` (limits the host allows). */
  limits: string[];
  /** What was chosen and why, for the report. */
  notes: string[];
}

export interface Result {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end; its output is kept, and echoed when `echo` is set (a long build). */
export function run(command: string, args: string[], options: { echo?: boolean; input?: Buffer } = {}) {
  return new Promise<Result>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (options.echo) process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (options.echo) process.stderr.write(chunk);
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status: status ?? 1, stdout, stderr }));
    child.stdin.end(options.input);
  });
}

/** Like run, but a non-zero exit is an error naming the command and its last output. */
export async function must(command: string, args: string[], options: { echo?: boolean } = {}): Promise<string> {
  const result = await run(command, args, options);
  if (result.status !== 0) {
    const tail = `${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-20).join('\n');
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}\n${tail}`);
  }
  return result.stdout.trim();
}

const answers = (command: string, args: string[]) =>
  spawnSync(command, args, { stdio: 'ignore', timeout: 20_000 }).status === 0;

/** Picks the engine; null when neither Docker (with a daemon) nor Podman is here. */
export function findEngine(): Engine | null {
  if (answers('docker', ['info'])) return { name: 'docker', global: [], limits: [], notes: ['engine: docker'] };
  if (answers('podman', ['--version'])) return { name: 'podman', global: [], limits: [], notes: ['engine: podman'] };
  return null;
}

/**
 * Checks that the engine can start a container from `image`; on Podman, falls back to runc with modest
 * limits when the default runtime is refused. Throws when nothing works.
 */
export async function settleRuntime(engine: Engine, image: string): Promise<void> {
  const probe = (e: Engine) => run(e.name, [...e.global, 'run', '--rm', ...e.limits, image, 'node', '-v']);
  const first = await probe(engine);
  if (first.status === 0) return;
  if (engine.name !== 'podman' || !existsSync('/usr/sbin/runc')) {
    throw new Error(`${engine.name} cannot start a container: ${first.stderr.trim()}`);
  }
  engine.global = ['--runtime', 'runc'];
  engine.limits = ['--ulimit', 'nofile=10000:10000', '--ulimit', 'nproc=4096:4096'];
  const second = await probe(engine);
  if (second.status !== 0) {
    throw new Error(`podman cannot start a container (crun: ${first.stderr.trim()}; runc: ${second.stderr.trim()})`);
  }
  engine.notes.push(
    `podman's default runtime was refused here (${first.stderr.trim()}): runc with nofile=10000, nproc=4096`,
  );
}

/** `<engine> <global flags> <args…>` to its end; throws on failure. */
export const engineMust = (engine: Engine, args: string[], options: { echo?: boolean } = {}) =>
  must(engine.name, [...engine.global, ...args], options);

export const engineRun = (engine: Engine, args: string[]) => run(engine.name, [...engine.global, ...args]);

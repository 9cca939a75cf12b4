/** The bare node:http server (bench/bare-server.ts) in its own process: the ceiling our server is compared with. */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { benchDir } from './environment';
import type { RawResponse, RawResponseMessage } from './raw-response';

/** Forks bench/bare-server.ts, hands it the recorded responses and resolves with its port. */
export async function startBareServer(responses: RawResponse[]): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(benchDir, 'bare-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('bare server did not start within 30 s')), 30_000);
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`bare server exited early (${code})`)));
      child.once('message', (message: { port: number }) => {
        clearTimeout(timer);
        resolve(message.port);
      });
      const messages: RawResponseMessage[] = responses.map((r) => ({
        path: r.path,
        status: r.status,
        headers: r.headers,
        bodyBase64: r.body.toString('base64'),
      }));
      child.send(messages);
    });
    return { child, port };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timeout = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timeout);
}

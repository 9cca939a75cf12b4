import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirError, ensureWritableDataDir } from './data-dir';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Permissions do not bind root: as root, the check runs as nobody (65534) in a process of its own. */
const asAnotherUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};

const folders: string[] = [];
function tempFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'site-data-dir-'));
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders) {
    chmodSync(dir, 0o700);
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The check's error message for `dataDir`, from a process that is not root; '' when it passes. */
function checkAsAnotherUser(dataDir: string): Promise<string> {
  const code =
    "import { ensureWritableDataDir } from './src/server/data-dir.ts';\n" +
    `try { ensureWritableDataDir(${JSON.stringify(dataDir)}); } catch (e) { process.stdout.write(e.message); }`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
      ...asAnotherUser,
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });
}

describe('DATA_DIR', () => {
  it('is created when missing, and the check leaves nothing in it', () => {
    const dataDir = path.join(tempFolder(), 'data', 'site');
    ensureWritableDataDir(dataDir);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('names the folder, the user and what to do when it cannot be written', async () => {
    const parent = tempFolder();
    chmodSync(parent, 0o555);
    const uid = asAnotherUser.uid ?? process.getuid?.();
    expect(await checkAsAnotherUser(parent)).toBe(
      `DATA_DIR ${parent} is not writable by uid ${uid} (EACCES): make it owned by that user (chown -R ${uid} ${parent}) or mount a writable volume there`,
    );
    expect(await checkAsAnotherUser(path.join(parent, 'data'))).toBe(
      `DATA_DIR ${path.join(parent, 'data')} cannot be created by uid ${uid} (EACCES): create it owned by that user or mount a writable volume there`,
    );
    expect(readdirSync(parent)).toEqual([]);
  });

  it('says so when a file stands where the folder should be, with the file system’s error as the cause', () => {
    const file = path.join(tempFolder(), 'a-file');
    writeFileSync(file, '');
    let error: unknown;
    try {
      ensureWritableDataDir(path.join(file, 'data'));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataDirError);
    expect((error as DataDirError).message).toMatch(
      /^DATA_DIR .*a-file\/data cannot be created by uid \d+ \(ENOTDIR\)/,
    );
    expect((error as DataDirError).cause).toMatchObject({ code: 'ENOTDIR' });
  });
});

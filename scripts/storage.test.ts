import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config';
import { S3Storage } from '../src/server/storage';
import { hasDifferences, runStorageMigration, type MigrationCommand } from '../src/server/storage/migration';
import { useTestBucket } from '../src/server/storage/test-bucket';

const ROOT = path.resolve(import.meta.dirname, '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const ARCHIVE = 'backup-2026-11-28t09-00-00-000z-manual-0a1b2c3d.tar.gz';

/** A site's folders as a local installation leaves them, with what must not be copied beside them. */
function makeSite(root: string) {
  const files: Record<string, Buffer> = {
    'uploads/files/0a1b2c3d.png': Buffer.from('png bytes'),
    'uploads/files/4e5f6a7b.pdf': Buffer.from('%PDF-1.4 a document'),
    'uploads/thumbnails/320w/0a1b2c3d.webp': Buffer.from('webp bytes'),
    'uploads/thumbnails/og/0a1b2c3d.jpg': Buffer.from('jpeg bytes'),
  };
  for (const [file, data] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), data);
  }
  // Temporary files and the spool folder are never part of a copy.
  mkdirSync(path.join(root, 'uploads', '.incoming'), { recursive: true });
  writeFileSync(path.join(root, 'uploads', '.incoming', 'ab12.tmp'), 'half');
  writeFileSync(path.join(root, 'uploads', 'files', '0a1b2c3d.png.ff00.tmp'), 'half');
  mkdirSync(path.join(root, 'backups'), { recursive: true });
  return files;
}

/** Every file under a folder, by relative path. */
function contents(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    found[path.relative(dir, full)] = readFileSync(full).toString('base64');
  }
  return found;
}

describe('npm run storage (push, verify, pull)', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'storage-migration-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const bucket = useTestBucket('site-files', 'site/');
  const site = (dir: string) => ({
    DATA_DIR: path.join(root, dir),
    UPLOAD_DIR: path.join(root, dir, 'uploads'),
    BACKUP_DIR: path.join(root, dir, 'backups'),
  });
  const configOf = (dir: string) =>
    loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      ...site(dir),
      ...bucket.env,
    });
  const lines: string[] = [];
  const run = async (command: MigrationCommand, dir = 'old') => {
    lines.length = 0;
    const reports = await runStorageMigration(command, configOf(dir), (line) => lines.push(line));
    return {
      reports,
      differs: hasDifferences(reports, command),
      byArea: Object.fromEntries(reports.map((r) => [r.area, r])),
    };
  };
  /**
   * The command itself, as an operator runs it (the CLI's source, which `npm run build` bundles into
   * dist/cli.js): its exit code and output. Asynchronous: the bucket's server answers from this process.
   */
  const cli = (command: string, env: Record<string, string>) =>
    new Promise<{ status: number | null; out: string }>((resolve, reject) => {
      const child = spawn(TSX, [path.join(ROOT, 'scripts', 'cli.ts'), 'storage', command], {
        cwd: root,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', ...env },
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, out }));
    });
  let files: Record<string, Buffer>;

  it('refuses to run without STORAGE_S3_BUCKET, saying so, and rejects unknown commands', async () => {
    const missing = await cli('push', site('old'));
    expect(missing.status).toBe(2);
    expect(missing.out).toContain('STORAGE_S3_BUCKET is not set');
    const unknown = await cli('delete-everything', { ...site('old'), ...bucket.env });
    expect(unknown.status).toBe(2);
    expect(unknown.out).toContain('usage: npm run storage -- push | pull | verify');
  });

  it('pushes, and a push that stopped part-way resumes, copying only what is not there yet', async () => {
    files = makeSite(path.join(root, 'old'));
    const before = await run('verify');
    expect(before.differs).toBe(true);
    expect(before.byArea.uploads!.missingInBucket).toHaveLength(4);

    // A first run that got only as far as the uploads (the archive was not there yet).
    const first = await run('push');
    expect(first.differs).toBe(false);
    expect(first.byArea.uploads).toMatchObject({ local: 4, copied: 4, skipped: 0 });

    const archive = Buffer.alloc(9 * 1024 * 1024 + 3, 7);
    writeFileSync(path.join(root, 'old', 'backups', ARCHIVE), archive);
    files[`backups/${ARCHIVE}`] = archive;
    const resumed = await run('push');
    expect(resumed.byArea.uploads).toMatchObject({ copied: 0, skipped: 4, failed: [] });
    expect(resumed.byArea.backups).toMatchObject({ copied: 1, skipped: 0, failed: [] });
    expect(lines).toContain(`  copied ${ARCHIVE} (${archive.length} bytes)`);

    // Uploads at the prefix, archives under backups/ in it; the source folders are untouched.
    const store = new S3Storage(bucket.s3(), 'site/');
    expect((await store.list('')).map((o) => o.key).sort()).toEqual(
      [
        `backups/${ARCHIVE}`,
        ...Object.keys(files)
          .filter((f) => f.startsWith('uploads/'))
          .map((f) => f.slice(8)),
      ].sort(),
    );
    expect(Object.keys(contents(path.join(root, 'old')))).toHaveLength(Object.keys(files).length + 2);

    const verified = await cli('verify', { ...site('old'), ...bucket.env });
    expect(verified.out).toContain('verify: both sides are the same');
    expect(verified.status).toBe(0);
  });

  it('pulls everything back into empty folders, byte for byte, and a second pull copies nothing', async () => {
    const pulled = await run('pull', 'new');
    expect(pulled.differs).toBe(false);
    expect(pulled.byArea.uploads).toMatchObject({ copied: 4, failed: [] });
    expect(pulled.byArea.backups).toMatchObject({ copied: 1, failed: [] });
    const expected = Object.fromEntries(Object.entries(files).map(([f, data]) => [f, data.toString('base64')]));
    expect(contents(path.join(root, 'new'))).toEqual(expected);

    const again = await run('pull', 'new');
    expect(again.byArea.uploads).toMatchObject({ copied: 0, skipped: 4 });
    expect(again.byArea.backups).toMatchObject({ copied: 0, skipped: 1 });
    expect((await run('verify', 'new')).differs).toBe(false);
  });

  it('verify finds an object changed in the bucket, and pull refuses to bring it back', async () => {
    // The same size, other bytes: only the checksum tells.
    const object = path.join(bucket.directory, 'site-files', 'site', 'files', '0a1b2c3d.png._S3rver_object');
    writeFileSync(object, 'PNG BYTES');
    const result = await cli('verify', { ...site('old'), ...bucket.env });
    expect(result.status).toBe(1);
    expect(result.out).toMatch(/DIFFERENT files\/0a1b2c3d\.png: SHA-256 [0-9a-f]{64} here, [0-9a-f]{64} in the bucket/);
    expect(result.out).toContain('1 different');
    expect(result.out).toContain('verify: the two sides differ');

    const pulled = await run('pull', 'fresh');
    expect(pulled.differs).toBe(true);
    expect(pulled.byArea.uploads!.failed).toEqual(['files/0a1b2c3d.png']);
    expect(contents(path.join(root, 'fresh', 'uploads'))).not.toHaveProperty('files/0a1b2c3d.png');
    // Nothing half-received stays behind.
    expect(Object.keys(contents(path.join(root, 'fresh', 'uploads'))).some((f) => f.endsWith('.tmp'))).toBe(false);
  });

  it('says the bucket cannot be used when it does not exist', async () => {
    const result = await cli('push', { ...site('old'), ...bucket.env, STORAGE_S3_BUCKET: 'no-such-bucket' });
    expect(result.status).toBe(1);
    expect(result.out).toContain('the bucket cannot be used');
  });
});

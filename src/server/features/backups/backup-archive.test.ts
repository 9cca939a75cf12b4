import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../../storage';
import { readEntries } from '../../testing/crafted-archives';
import { writeArchive } from './backup-archive';
import { verifyArchive } from './backup-archive-read';

/*
 * The archive writer on its own (no database: the tables are given as rows): memory stays bounded however
 * large the uploads are, and the table parts go through scratch files that are gone once they are in.
 */

const MIB = 1024 * 1024;
const header = { appVersion: '0.0.0', schemaVersion: 'x', createdAt: 'x', type: 'manual', dialect: 'sqlite' } as const;

describe('writing an archive', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'backup-archive-'));
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('holds a few chunks of the uploads in memory, never all of them', async () => {
    // 96 MiB of incompressible files: held on to, they would show in arrayBuffers whatever the GC does.
    const uploads = path.join(dir, 'uploads');
    await mkdir(path.join(uploads, 'files'), { recursive: true });
    for (let i = 0; i < 24; i += 1) await writeFile(path.join(uploads, 'files', `p${i}.jpg`), randomBytes(4 * MIB));
    const base = process.memoryUsage().arrayBuffers;
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().arrayBuffers)), 5);
    const scratch = path.join(dir, 'parts');
    try {
      const result = await writeArchive(path.join(dir, 'a.tar.gz'), {
        header,
        tables: [
          {
            name: 'posts',
            async *rows() {
              for (let id = 1; id <= 20_000; id += 1) yield { id, title: `Post ${id}`, body: 'x'.repeat(400) };
            },
          },
        ],
        uploads: new LocalDiskStorage(uploads),
        scratch,
      });
      expect(result.manifest).toMatchObject({ formatVersion: 2, rowCount: 20_000, fileCount: 24 });
      expect(result.manifest.tables[0]?.parts.length).toBeGreaterThan(1);
    } finally {
      clearInterval(sampler);
    }
    expect((peak - base) / MIB).toBeLessThan(48);
    // Every part went into the archive and out of the scratch folder.
    expect(await readdir(path.join(scratch, 'posts'))).toEqual([]);
    const verified = await verifyArchive(path.join(dir, 'a.tar.gz'));
    expect(verified.manifest.rowCount).toBe(20_000);
    const names = [...(await readEntries(path.join(dir, 'a.tar.gz'))).keys()];
    expect(names[0]).toBe('index.json');
    expect(names[1]).toBe('db/posts/000001.jsonl');
    expect(names.at(-1)).toBe('manifest.json');
  }, 60_000);
});

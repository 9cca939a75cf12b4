import { randomBytes } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  InvalidStorageKeyError,
  assertKey,
  isValidStorageKey,
  storageFailure,
  type FileStorage,
  type ListedObject,
  type PutFileOptions,
  type StoredObject,
} from './file-storage';

/** Temporary files end with this: objects being written, request bodies being received. */
export const TEMPORARY_SUFFIX = '.tmp';
export const temporaryName = (base: string) => `${base}.${randomBytes(6).toString('hex')}${TEMPORARY_SUFFIX}`;

/** Writes and removes a probe file: the only sure test of writability (root ignores permission bits). */
export async function assertWritable(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    const probe = path.join(dir, temporaryName('.probe'));
    await writeFile(probe, '', { flag: 'wx' });
    await unlink(probe);
  } catch (error) {
    throw storageFailure(error);
  }
}

/**
 * Removes the temporary files under a folder untouched since `olderThan`: objects half written and request
 * bodies half read by a process that stopped. A file being written is touched as its data arrives, so one
 * that another instance sharing the folder is writing now is never taken (ADR 0030). Returns how many went.
 */
export async function sweepTemporaryFiles(root: string, olderThan: Date): Promise<number> {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw storageFailure(error);
  }
  const temporary = entries.filter((e) => e.isFile() && e.name.endsWith(TEMPORARY_SUFFIX));
  let removed = 0;
  for (const entry of temporary) {
    const file = path.join(entry.parentPath, entry.name);
    const info = await stat(file).catch(() => null);
    if (info === null || info.mtime >= olderThan) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

export class LocalDiskStorage implements FileStorage {
  private readonly root: string;

  /**
   * `mode`: the stored files' permissions; uploads are served to anyone (0644), backup archives hold
   * password hashes and personal data and stay readable by the server's user alone (0600).
   */
  constructor(
    root: string,
    private readonly mode = 0o644,
  ) {
    this.root = path.resolve(root);
  }

  /** The local file of a key (for the migration command); throws InvalidStorageKeyError for a bad key. */
  fileOf(key: string): string {
    return this.pathOf(key);
  }

  /** The absolute path of a key, refusing anything that would leave the root. */
  private pathOf(key: string): string {
    assertKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new InvalidStorageKeyError(key);
    return full;
  }

  /** Writes an object aside and renames it into place: a reader never sees half a file. */
  private async write(key: string, fill: (temporary: string) => Promise<void>): Promise<void> {
    const target = this.pathOf(key);
    const temporary = temporaryName(target);
    try {
      await mkdir(path.dirname(target), { recursive: true });
      await fill(temporary);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => {});
      throw storageFailure(error);
    }
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.write(key, async (temporary) => {
      await writeFile(temporary, data, { flag: 'wx', mode: this.mode });
      // The process umask may have taken bits off; the stored mode is always this store's.
      await chmod(temporary, this.mode);
    });
  }

  async putFile(key: string, sourcePath: string, options: PutFileOptions = {}): Promise<void> {
    if (options.move) {
      const target = this.pathOf(key);
      try {
        await mkdir(path.dirname(target), { recursive: true });
        // Stored objects get the store's mode, like those put() writes, whatever mode the source had.
        await chmod(sourcePath, this.mode);
        await rename(sourcePath, target);
        return;
      } catch (error) {
        // Another file system: copied below, then the source removed.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw storageFailure(error);
      }
    }
    await this.write(key, async (temporary) => {
      await copyFile(sourcePath, temporary, constants.COPYFILE_EXCL);
      await chmod(temporary, this.mode);
    });
    if (options.move) await rm(sourcePath, { force: true });
  }

  async get(key: string): Promise<StoredObject | null> {
    const target = this.pathOf(key);
    try {
      const info = await stat(target);
      if (!info.isFile()) return null;
      return { stream: createReadStream(target), size: info.size, modified: info.mtime };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw storageFailure(error);
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw storageFailure(error);
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw storageFailure(error);
    }
  }

  async check(): Promise<void> {
    await assertWritable(this.root);
  }

  async list(folder: string): Promise<ListedObject[]> {
    const base = path.join(this.root, folder);
    let entries;
    try {
      entries = await readdir(base, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw storageFailure(error);
    }
    const found: ListedObject[] = [];
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.endsWith(TEMPORARY_SUFFIX)) continue;
      const full = path.join(entry.parentPath, entry.name);
      const key = path.relative(this.root, full).split(path.sep).join('/');
      if (!isValidStorageKey(key)) continue;
      try {
        const info = await stat(full);
        found.push({ key, size: info.size, modified: info.mtime });
      } catch {
        // Removed meanwhile.
      }
    }
    return found;
  }
}

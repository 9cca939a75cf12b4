import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** DATA_DIR cannot be created or written by the user the process runs as. */
export class DataDirError extends Error {
  constructor(
    message: string,
    readonly dataDir: string,
    readonly uid: number | undefined,
    options: { cause: unknown },
  ) {
    super(message, options);
    this.name = 'DataDirError';
  }
}

/**
 * Makes sure DATA_DIR exists and this process can write in it, before anything writes there (the generated
 * secret, the SQLite database, uploads, backups, the first admin's password): a folder owned by another
 * user (a root-owned volume under a non-root container user) otherwise stops the start with a bare EACCES
 * stack trace from whichever writes first. A file is written and removed to find out, which also catches a
 * read-only mount and the ACLs that permission bits do not show.
 */
export function ensureWritableDataDir(dataDir: string): void {
  let step: 'create' | 'write' = 'create';
  try {
    mkdirSync(dataDir, { recursive: true });
    step = 'write';
    const probe = path.join(dataDir, `.write-test-${process.pid}-${randomBytes(4).toString('hex')}`);
    writeFileSync(probe, '', { flag: 'wx' });
    rmSync(probe);
  } catch (error) {
    const uid = process.getuid?.();
    const user = uid === undefined ? 'the user this process runs as' : `uid ${uid}`;
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    const problem = step === 'create' ? `cannot be created by ${user}` : `is not writable by ${user}`;
    const remedy =
      code === 'EROFS'
        ? 'it is on a read-only file system: mount a writable volume there'
        : step === 'create'
          ? 'create it owned by that user or mount a writable volume there'
          : `make it owned by that user (chown -R ${uid ?? 'USER'} ${dataDir}) or mount a writable volume there`;
    throw new DataDirError(`DATA_DIR ${dataDir} ${problem} (${code}): ${remedy}`, dataDir, uid, { cause: error });
  }
}

import { BackupMessage } from '../../../shared/contracts/backups';
import { ErrorCode, formatMessage } from '../../../shared/errors';
import { AppError, StorageUnavailableError } from '../../lib/errors';
import { ArchiveTooLargeError, ArchiveWriteError, UploadChangedError } from './backup-archive';

/*
 * Why a backup failed, in words an administrator can act on (ADR 0032). The backup's row keeps the reason and
 * the answer carries it; the library's own text (a path, a stream's message) goes to the log only. A disk or
 * a store that cannot be used is the server's state, not a bug: 503 with Retry-After, never a 500.
 */

/** Seconds a client should wait before it tries again after a disk or store failure. */
export const RETRY_AFTER_SECONDS = 300;

const REASONS: Record<string, string> = {
  ENOSPC: 'the disk that holds the backup folder is full',
  EDQUOT: 'the disk quota of the backup folder is used up',
  EACCES: 'the backup folder cannot be written (permission denied)',
  EPERM: 'the backup folder cannot be written (not permitted)',
  EROFS: 'the backup folder is on a read-only file system',
  ENOTDIR: 'the backup folder does not exist or is not a folder',
  ENOENT: 'the backup folder does not exist or was removed while the backup ran',
  EIO: 'the disk that holds the backup folder reported an input/output error',
  EMFILE: 'the server has too many files open',
};

const codeOf = (error: unknown): string | undefined => {
  const own = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof own === 'string') return own;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause && cause !== error ? codeOf(cause) : undefined;
};

/** The human reason for a failed backup, or null when it is not a disk or store failure (a bug of ours). */
export function backupFailureReason(error: unknown): string | null {
  if (error instanceof AppError) return error.message;
  if (error instanceof UploadChangedError) return `${error.message}; run the backup again`;
  if (error instanceof ArchiveTooLargeError) return error.message;
  const code = codeOf(error);
  if (code && REASONS[code]) return REASONS[code] as string;
  if (error instanceof StorageUnavailableError) return 'the file storage could not be read or written';
  if (error instanceof ArchiveWriteError) return 'the archive could not be written to the backup folder';
  return null;
}

/** The error a failed backup answers with: the catalogue's sentence and the reason, never library text. */
export function backupFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  // Another request changed the uploads while the backup ran, or the site outgrew one archive (ADR 0037):
  // the site's state, not a fault of the server.
  if (error instanceof UploadChangedError || error instanceof ArchiveTooLargeError) {
    return new AppError(
      409,
      ErrorCode.CONFLICT,
      formatMessage(BackupMessage.BACKUP_FAILED, { error: failedRowText(error) }),
    );
  }
  const reason = backupFailureReason(error);
  if (reason === null) {
    return new AppError(
      500,
      ErrorCode.INTERNAL_ERROR,
      formatMessage(BackupMessage.BACKUP_FAILED, { error: 'an unexpected error; the server log has the details' }),
    );
  }
  return new AppError(
    503,
    ErrorCode.STORAGE_UNAVAILABLE,
    formatMessage(BackupMessage.BACKUP_FAILED, { error: reason }),
    undefined,
    {
      'retry-after': String(RETRY_AFTER_SECONDS),
    },
  );
}

/** The text kept on a failed backup's row. */
export function failedRowText(error: unknown): string {
  return backupFailureReason(error) ?? 'an unexpected error; the server log has the details';
}

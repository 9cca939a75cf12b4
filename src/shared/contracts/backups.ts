import { z } from '../zod';

/*
 * Backups of the whole site on the server (ADR 0018): every table's rows and every uploaded file
 * in one .tar.gz archive with a manifest. Admins only (permission 'backups'). The admin's Settings →
 * System Configuration reads these calls:
 *   GET    /api/backups                  the list (newest first) and the automatic schedule
 *   POST   /api/backups                  create a manual backup now            → 201 { data: Backup }
 *   GET    /api/backups/:id/download     the archive itself (application/gzip, attachment)
 *   DELETE /api/backups/:id              remove a backup and its file
 *   POST   /api/backups/:id/restore      replace the site's data and files by the backup's (body { confirm: 'RESTORE' })
 *   POST   /api/backups/import           multipart, field "file": an archive from another installation (type imported)
 *   GET    /api/backups/schedule         the automatic schedule, how many backups exist and the last one's time
 *   PUT    /api/backups/schedule         change the schedule (body BackupScheduleInput)
 * After a restore everybody signs in again: sessions are not part of a backup.
 */

/** Spec 02 section 9: keep the 10 newest, drop those older than 30 days (after every new backup). */
export const BACKUPS_KEEP = 10;
export const BACKUPS_MAX_AGE_DAYS = 30;
/**
 * The archive format this version writes (manifest.formatVersion): 2, whose first entry announces every
 * entry and its size (ADR 0037). Archives of format 1, made by earlier versions, are still read.
 */
export const BACKUP_FORMAT_VERSION = 2;

export const backupTypes = ['manual', 'auto', 'imported'] as const;
export type BackupKind = (typeof backupTypes)[number];
export const backupStatuses = ['pending', 'running', 'completed', 'failed'] as const;

export const backupSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  type: z.enum(backupTypes),
  status: z.enum(backupStatuses),
  /** Archive size in bytes. */
  size: z.number().int(),
  /** Version of the app that made it. */
  version: z.string(),
  /** Rows of every table, and uploaded files, in the archive. */
  rowCount: z.number().int(),
  fileCount: z.number().int(),
  /** SHA-256 of the archive file (hex), null until completed. */
  sha256: z.string().nullable(),
  /** Why it failed, or why the off-site copy failed; null when all went well. */
  error: z.string().nullable(),
  createdBy: z.number().int().nullable(),
  /** ISO times. */
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** When it was copied to the off-site bucket (BACKUP_S3_*); null: not copied. */
  copiedAt: z.string().nullable(),
});
export type Backup = z.infer<typeof backupSchema>;

/** Automatic backups (off by default): one every `everyHours` hours (24 = daily, 168 = weekly). */
export const backupScheduleInputSchema = z.object({
  enabled: z.boolean(),
  everyHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 30),
});
export type BackupScheduleInput = z.infer<typeof backupScheduleInputSchema>;

export const BACKUP_SCHEDULE_DEFAULT: BackupScheduleInput = { enabled: false, everyHours: 24 };

/** GET /api/backups/schedule: the schedule plus what the Auto Backup toggle shows (count, last time or "Never"). */
export const backupScheduleSchema = backupScheduleInputSchema.extend({
  /** Completed backups kept. */
  backupCount: z.number().int(),
  /** ISO time of the newest completed backup of any type; null shows as "Never". */
  lastBackupAt: z.string().nullable(),
  /** Whether completed backups are copied to an S3-compatible bucket (configured on the server). */
  offsiteCopy: z.boolean(),
});
export type BackupSchedule = z.infer<typeof backupScheduleSchema>;

export const backupListSchema = z.object({
  backups: z.array(backupSchema),
  schedule: backupScheduleSchema,
});
export type BackupList = z.infer<typeof backupListSchema>;

/** A restore replaces everything: the client must send this word, as Clear Analytics does with CLEAR. */
export const restoreBackupRequestSchema = z.object({ confirm: z.literal('RESTORE') });

/** What a restore put back (from the verified manifest). */
export const restoreResultSchema = z.object({
  rowCount: z.number().int(),
  fileCount: z.number().int(),
  /** The dialect the backup was taken on: sqlite, postgres or mysql. */
  sourceDialect: z.string(),
  createdAt: z.string(),
});
export type RestoreResult = z.infer<typeof restoreResultSchema>;

/** The backups' texts; {error} and {reason} are filled in by the server. */
export const BackupMessage = {
  CREATED: 'Manual backup created successfully!',
  RESTORED: 'Backup restored successfully. Please refresh the page to see changes.',
  /** On the login screen after a restore in the admin, which signs everybody out (ADR 0018). */
  RESTORED_SIGN_IN: 'Backup restored successfully. Please sign in again to see the restored data.',
  IMPORTED: 'Backup imported successfully.',
  DELETED: 'Backup deleted.',
  SCHEDULE_SAVED: 'Automatic backup settings saved.',
  NONE: 'No backups available',
  NOT_FOUND: 'Backup not found',
  BACKUP_FAILED: 'Backup failed: {error}',
  RESTORE_FAILED: 'Restore failed: {error}',
  IMPORT_FAILED: 'Import failed: {error}',
  INVALID_FORMAT: 'Invalid backup file format',
  /** A refused archive: the catalogue's text and what exactly is wrong. */
  INVALID_FORMAT_REASON: 'Invalid backup file format: {reason}',
  NOT_COMPLETED: 'This backup is not complete and cannot be downloaded or restored.',
  BUSY: 'Another backup or restore is running. Please try again when it has finished.',
  NO_FILE: 'Choose a backup file (.tar.gz) to import.',
  LINK_EXPIRED: 'This download link has expired or is not yours. Download the backup again from Settings.',
} as const;

/** How long a download link lasts: long enough for the browser to start, too short to be worth stealing. */
export const BACKUP_DOWNLOAD_LINK_SECONDS = 60;

/** POST /api/backups/{id}/download-link: an address the browser fetches itself, saving the archive to disk. */
export const backupDownloadLinkSchema = z.object({ url: z.string(), expiresIn: z.number().int() });
export type BackupDownloadLink = z.infer<typeof backupDownloadLinkSchema>;

import {
  backupDownloadLinkSchema,
  backupListSchema,
  backupScheduleSchema,
  backupSchema,
  restoreResultSchema,
  type Backup,
  type BackupList,
  type BackupSchedule,
  type BackupScheduleInput,
  type RestoreResult,
} from '../../../shared/contracts/backups';
import { parseAnswer } from '../../components/admin/parse-answer';
import { api } from '../../lib/api-client';
import type { UploadProgressHandler } from '../../lib/api-transport';

/** Settings › Backups (admins): the calls of /api/backups (ADR 0018). */

export async function fetchBackups(): Promise<BackupList> {
  const body = await api.get('/backups');
  return parseAnswer(backupListSchema, body.data);
}

export async function createBackup(): Promise<{ backup: Backup; message?: string }> {
  const body = await api.post('/backups', undefined, { timeoutMs: 30 * 60_000 });
  return { backup: parseAnswer(backupSchema, body.data), message: body.message };
}

export async function deleteBackup(id: number): Promise<string | undefined> {
  return (await api.delete(`/backups/${id}`)).message;
}

export async function restoreBackup(id: number): Promise<{ result: RestoreResult; message?: string }> {
  const body = await api.post(`/backups/${id}/restore`, { confirm: 'RESTORE' }, { timeoutMs: 30 * 60_000 });
  return { result: parseAnswer(restoreResultSchema, body.data), message: body.message };
}

export async function importBackup(
  file: File,
  onProgress: UploadProgressHandler,
): Promise<{ backup: Backup; message?: string }> {
  const form = new FormData();
  form.append('file', file);
  const body = await api.upload('/backups/import', form, onProgress, { timeoutMs: 30 * 60_000 });
  return { backup: parseAnswer(backupSchema, body.data), message: body.message };
}

/** A short-lived link the browser downloads the archive from by itself, straight to disk. */
export async function backupDownloadLink(id: number): Promise<string> {
  const body = await api.post(`/backups/${id}/download-link`);
  return parseAnswer(backupDownloadLinkSchema, body.data).url;
}

export async function saveBackupSchedule(
  input: BackupScheduleInput,
): Promise<{ schedule: BackupSchedule; message?: string }> {
  const body = await api.put('/backups/schedule', input);
  return { schedule: parseAnswer(backupScheduleSchema, body.data), message: body.message };
}

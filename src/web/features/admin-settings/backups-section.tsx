import { LoaderCircle } from '../../components/icons';
import { ArchiveRestore, DatabaseBackup, Download, Plus, Save, Trash2, Upload } from '../../components/admin/icons';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { BackupMessage, type Backup, type BackupList } from '../../../shared/contracts/backups';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { ConfirmDeleteDialog } from '../../components/admin/confirm-delete-dialog';
import { ListLoadError } from '../../components/admin/list-states';
import { TypedConfirmDialog } from '../../components/admin/typed-confirm-dialog';
import { Select } from '../../components/select';
import { Skeleton } from '../../components/skeleton';
import { userMessage } from '../../lib/api-client';
import { downloadFromLink } from '../../lib/download-file';
import { formatFileSize } from '../../lib/file-size';
import {
  createBackup,
  deleteBackup,
  backupDownloadLink,
  fetchBackups,
  importBackup,
  restoreBackup,
  saveBackupSchedule,
} from './backups-api';
import type { FormNotice } from './form-notice';
import { SectionCard } from './section-card';
import { useFormatDateTime } from '../../lib/date-time';

const LOAD_FAILED = 'Failed to load the backups';
const RESTORE_WORD = 'RESTORE';
const intervals = [
  { hours: 6, label: 'Every 6 hours' },
  { hours: 12, label: 'Every 12 hours' },
  { hours: 24, label: 'Every day' },
  { hours: 168, label: 'Every week' },
] as const;
const typeLabels: Record<Backup['type'], string> = { manual: 'Manual', auto: 'Automatic', imported: 'Imported' };

const failure = (template: string, error: unknown) =>
  template.replace('{error}', userMessage(error, { surface: 'admin', fallback: 'please try again' }));

/**
 * Settings › Backups (admins; ADR 0018): the whole site (every table and uploaded file) as archives on the
 * server. Create, download, restore (typed RESTORE; everybody signs in again afterwards), delete, import
 * an archive from another installation, and the automatic schedule with its count and last time.
 */
export function BackupsSection({ onRestored }: { onRestored: (notice: FormNotice) => Promise<void> }) {
  const formatDateTime = useFormatDateTime();
  const [list, setList] = useState<BackupList | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [schedule, setSchedule] = useState<{ enabled: boolean; everyHours: number } | null>(null);
  const [pendingDelete, setPendingDelete] = useState<Backup | null>(null);
  const [pendingRestore, setPendingRestore] = useState<Backup | null>(null);
  const [importProgress, setImportProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const answer = await fetchBackups();
      setList(answer);
      setSchedule({ enabled: answer.schedule.enabled, everyHours: answer.schedule.everyHours });
    } catch (error) {
      setLoadError(userMessage(error, { surface: 'admin', fallback: LOAD_FAILED }));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function run(label: string, work: () => Promise<string | undefined>, failed: string) {
    setBusy(label);
    setNotice(null);
    try {
      const message = await work();
      if (message) {
        setNotice({ type: 'success', text: message });
      }
      await load();
    } catch (error) {
      setNotice({ type: 'error', text: failure(failed, error) });
    } finally {
      setBusy(null);
    }
  }

  const create = () =>
    run('create', async () => (await createBackup()).message ?? BackupMessage.CREATED, BackupMessage.BACKUP_FAILED);

  async function download(backup: Backup) {
    setBusy(`download-${backup.id}`);
    setNotice(null);
    try {
      downloadFromLink(await backupDownloadLink(backup.id), backup.filename);
    } catch (error) {
      setNotice({ type: 'error', text: failure('Download failed: {error}', error) });
    } finally {
      setBusy(null);
    }
  }

  async function onImport(file: File | undefined) {
    if (!file) return;
    setImportProgress(0);
    await run(
      'import',
      async () => (await importBackup(file, (p) => setImportProgress(p.percent))).message ?? BackupMessage.IMPORTED,
      BackupMessage.IMPORT_FAILED,
    );
    setImportProgress(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  async function restore(backup: Backup) {
    setBusy('restore');
    setNotice(null);
    try {
      await restoreBackup(backup.id);
      setPendingRestore(null);
      // Sessions are not part of a backup: everybody signs in again, with the restored accounts. The login
      // screen says the restore worked, and that signing in again (not a refresh) shows the restored data.
      await onRestored({ type: 'success', text: BackupMessage.RESTORED_SIGN_IN });
    } catch (error) {
      setPendingRestore(null);
      setNotice({ type: 'error', text: failure(BackupMessage.RESTORE_FAILED, error) });
      setBusy(null);
    }
  }

  async function onSaveSchedule(event: FormEvent) {
    event.preventDefault();
    if (!schedule) return;
    await run(
      'schedule',
      async () => (await saveBackupSchedule(schedule)).message,
      'Failed to save the schedule: {error}',
    );
  }

  const scheduleChanged =
    Boolean(list && schedule) &&
    (schedule!.enabled !== list!.schedule.enabled || schedule!.everyHours !== list!.schedule.everyHours);

  return (
    <SectionCard
      id="settings-backups"
      title="Backups"
      description="The whole site — every table and every uploaded file — in one archive on the server."
      icon={<DatabaseBackup />}
    >
      {loadError ? (
        <ListLoadError title={LOAD_FAILED} onRetry={() => void load()}>
          {loadError !== LOAD_FAILED && loadError}
        </ListLoadError>
      ) : !list || !schedule ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <span className="sr-only">Loading the backups…</span>
          <Skeleton className="h-10 w-full max-w-md" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : (
        <div className="flex flex-col gap-5">
          {notice && (
            <Alert tone={notice.type} onDismiss={() => setNotice(null)}>
              {notice.text}
            </Alert>
          )}

          <form onSubmit={onSaveSchedule} className="flex flex-col gap-3" aria-label="Automatic backups">
            <CheckboxField
              name="autoBackup"
              label="Auto Backup"
              hint={`${list.schedule.backupCount} ${list.schedule.backupCount === 1 ? 'backup' : 'backups'} kept · last backup ${
                list.schedule.lastBackupAt ? formatDateTime(list.schedule.lastBackupAt) : 'Never'
              }${list.schedule.offsiteCopy ? ' · copied off the server' : ''}. The 10 newest are kept; those over 30 days are dropped.`}
              checked={schedule.enabled}
              onChange={(enabled) => setSchedule({ ...schedule, enabled })}
            />
            <div className="flex flex-wrap items-end gap-3">
              <Select
                label="How often"
                value={String(schedule.everyHours)}
                disabled={!schedule.enabled}
                containerClassName="w-48"
                onChange={(event) => setSchedule({ ...schedule, everyHours: Number(event.target.value) })}
              >
                {!intervals.some((i) => i.hours === schedule.everyHours) && (
                  <option value={schedule.everyHours}>Every {schedule.everyHours} hours</option>
                )}
                {intervals.map((interval) => (
                  <option key={interval.hours} value={interval.hours}>
                    {interval.label}
                  </option>
                ))}
              </Select>
              <Button type="submit" size="sm" disabled={busy !== null || !scheduleChanged}>
                <Save aria-hidden="true" />
                {busy === 'schedule' ? 'Saving...' : 'Save Schedule'}
              </Button>
            </div>
          </form>

          <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-5">
            <Button size="sm" onClick={() => void create()} disabled={busy !== null}>
              {busy === 'create' ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : (
                <Plus aria-hidden="true" />
              )}
              {busy === 'create' ? 'Creating backup…' : 'Create Backup'}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()} disabled={busy !== null}>
              <Upload aria-hidden="true" />
              {importProgress === null ? 'Import Backup' : `Importing… ${importProgress}%`}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept=".tar.gz,.tgz,application/gzip"
              className="sr-only"
              aria-label="Backup archive to import"
              tabIndex={-1}
              onChange={(event) => void onImport(event.target.files?.[0])}
            />
          </div>
          {importProgress !== null && (
            <progress
              max={100}
              value={importProgress}
              className="h-2 w-full max-w-md accent-brand-600"
              aria-label="Import progress"
            />
          )}

          {list.backups.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
              {BackupMessage.NONE}
            </p>
          ) : (
            <ul
              className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200"
              aria-label="Backups"
            >
              {list.backups.map((backup) => (
                <li
                  key={backup.id}
                  data-backup={backup.id}
                  className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium text-slate-900">{formatDateTime(backup.createdAt)}</span>
                      <Badge tone={backup.type === 'manual' ? 'brand' : 'neutral'}>{typeLabels[backup.type]}</Badge>
                      {backup.status !== 'completed' && (
                        <Badge tone={backup.status === 'failed' ? 'danger' : 'warning'}>{backup.status}</Badge>
                      )}
                    </div>
                    <p className="text-sm text-slate-600">
                      {formatFileSize(backup.size)} · {backup.rowCount.toLocaleString('en-US')} rows ·{' '}
                      {backup.fileCount.toLocaleString('en-US')} files · version {backup.version}
                    </p>
                    {backup.error && <p className="text-sm text-red-700">{backup.error}</p>}
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={busy !== null || backup.status !== 'completed'}
                      onClick={() => void download(backup)}
                      aria-label={`Download the backup of ${formatDateTime(backup.createdAt)}`}
                    >
                      <Download aria-hidden="true" />
                      Download
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={busy !== null || backup.status !== 'completed'}
                      onClick={() => setPendingRestore(backup)}
                      aria-label={`Restore the backup of ${formatDateTime(backup.createdAt)}`}
                    >
                      <ArchiveRestore aria-hidden="true" />
                      Restore
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={busy !== null}
                      onClick={() => setPendingDelete(backup)}
                      aria-label={`Delete the backup of ${formatDateTime(backup.createdAt)}`}
                    >
                      <Trash2 aria-hidden="true" />
                      Delete
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <ConfirmDeleteDialog
        open={pendingDelete !== null}
        title="Delete this backup?"
        busy={busy === 'delete'}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => {
          const backup = pendingDelete;
          setPendingDelete(null);
          if (backup)
            void run(
              'delete',
              async () => (await deleteBackup(backup.id)) ?? BackupMessage.DELETED,
              'Delete failed: {error}',
            );
        }}
      >
        The archive of {pendingDelete ? formatDateTime(pendingDelete.createdAt) : ''} is removed from the server. This
        action cannot be undone.
      </ConfirmDeleteDialog>
      <RestoreDialog
        backup={pendingRestore}
        busy={busy === 'restore'}
        onCancel={() => setPendingRestore(null)}
        onConfirm={(backup) => void restore(backup)}
      />
    </SectionCard>
  );
}

/** Restoring replaces every row and file: the admin types RESTORE, as the server asks for too. */
function RestoreDialog({
  backup,
  busy,
  onCancel,
  onConfirm,
}: {
  backup: Backup | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (backup: Backup) => void;
}) {
  const formatDateTime = useFormatDateTime();
  return (
    <TypedConfirmDialog
      open={backup !== null}
      busy={busy}
      word={RESTORE_WORD}
      title="Restore this backup?"
      icon={<ArchiveRestore aria-hidden="true" />}
      confirmLabel="Restore Backup"
      busyLabel="Restoring…"
      onCancel={onCancel}
      onConfirm={() => backup && onConfirm(backup)}
    >
      Every post, project, contact, certificate, setting, user and uploaded file is replaced by the backup of{' '}
      {backup ? formatDateTime(backup.createdAt) : ''}. The archive is checked first; nothing changes if it is damaged.
      Everybody, you included, signs in again afterwards.
    </TypedConfirmDialog>
  );
}

import { randomBytes } from 'node:crypto';
import { declareWrites, NO_PAGES } from '../../pages/page-purges';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BACKUP_DOWNLOAD_LINK_SECONDS,
  BackupMessage,
  backupDownloadLinkSchema,
  backupListSchema,
  backupScheduleInputSchema,
  backupScheduleSchema,
  backupSchema,
  restoreBackupRequestSchema,
  restoreResultSchema,
  type Backup,
} from '../../../shared/contracts/backups';
import { permissionsByRole } from '../../../shared/contracts/auth';
import { idParamsSchema, messageEnvelope, successEnvelope, ok } from '../../../shared/contracts/common';
import { ErrorCode, ErrorMessage } from '../../../shared/errors';
import { z } from '../../../shared/zod';
import { activity } from '../../http/activity-log';
import { requireUser } from '../../http/auth';
import { AppError } from '../../lib/errors';
import { createStorage, type StoredObject } from '../../storage';
import { restoreBackup } from './backup-restore';
import {
  completedBackup,
  createBackup,
  deleteBackup,
  importBackup,
  listAll,
  openArchive,
  runAutoBackupIfDue,
  saveSchedule,
  scheduleView,
  type BackupContext,
} from './backups.service';

const tags = ['backups'];
export const AUTO_BACKUP_JOB = 'backup-auto';
/** Largest archive that can be imported; bigger sites move with the command line (npm run restore). */
export const BACKUP_IMPORT_MAX_BYTES = 20 * 1024 ** 3;
const noStore = { 'cache-control': 'private, no-store' };

/**
 * /api/backups (ADR 0018): admins only (permission 'backups'). Also schedules the automatic backups, whose
 * job runs often and decides from the setting and the last automatic backup whether one is due.
 */
export async function backupsRoutes(app: FastifyInstance): Promise<void> {
  // Backups kept, made or deleted: no page shows them (a restore declares its own).
  declareWrites(app, { purges: NO_PAGES });
  await app.register(multipart, {
    limits: { fileSize: BACKUP_IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 10, headerPairs: 100 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The stores every instance shares (ADR 0030): archives by file name, and the uploaded files.
  const backups = createStorage(app.config, 'backups');
  const ctx = (request?: FastifyRequest): BackupContext => ({
    db: app.database.db,
    dialect: app.database.dialect,
    config: app.config,
    backups,
    uploads: app.fileStorage,
    log: request?.log ?? app.log,
  });

  app.scheduler.add({
    name: AUTO_BACKUP_JOB,
    everyMs: 5 * 60_000,
    // A large site can take a while; no other instance takes the run over before this.
    leaseMs: 6 * 60 * 60_000,
    run: async (now) => void (await runAutoBackupIfDue(ctx(), now)),
  });

  r.get(
    '/',
    {
      config: { access: 'backups' },
      schema: {
        tags,
        summary: 'The backups (newest first) and the automatic schedule',
        response: { 200: successEnvelope(backupListSchema) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const c = ctx(request);
      return ok({ backups: await listAll(c), schedule: await scheduleView(c) });
    },
  );

  r.post(
    '/',
    {
      config: {
        access: 'backups',
        activity: activity<Backup>({ type: 'system', action: 'Created backup', item: (_r, data) => data.filename }),
      },
      schema: {
        tags,
        summary: 'Create a backup of every table and uploaded file now',
        response: { 201: messageEnvelope(backupSchema) },
      },
    },
    async (request, reply) => {
      const backup = await createBackup(ctx(request), { type: 'manual', userId: requireUser(request).id });
      return reply.status(201).send({ success: true as const, message: BackupMessage.CREATED, data: backup });
    },
  );

  r.get(
    '/schedule',
    {
      config: { access: 'backups' },
      schema: {
        tags,
        summary: 'Automatic backups: on or off, how often, how many backups there are and the last one',
        response: { 200: successEnvelope(backupScheduleSchema) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await scheduleView(ctx(request)));
    },
  );

  r.put(
    '/schedule',
    {
      config: {
        access: 'backups',
        activity: { type: 'system', action: 'Changed automatic backups' },
      },
      schema: {
        tags,
        summary: 'Turn automatic backups on or off and set their interval in hours',
        body: backupScheduleInputSchema,
        response: { 200: messageEnvelope(backupScheduleSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: BackupMessage.SCHEDULE_SAVED,
      data: await saveSchedule(ctx(request), request.body, requireUser(request).id),
    }),
  );

  r.post(
    '/import',
    {
      config: {
        access: 'backups',
        activity: activity<Backup>({ type: 'system', action: 'Imported backup', item: (_r, data) => data.filename }),
      },
      schema: {
        tags,
        summary: 'Import a backup archive (.tar.gz, field "file") made by another installation',
        consumes: ['multipart/form-data'],
        response: { 201: messageEnvelope(backupSchema) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new AppError(400, ErrorCode.BAD_REQUEST, BackupMessage.NO_FILE);
      }
      // Local scratch space whatever the store: the archive is checked here before it is stored.
      const dir = app.config.backupDir;
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const spooled = path.join(dir, `.import-${randomBytes(8).toString('hex')}.partial`);
      try {
        let received = false;
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (received || part.fieldname !== 'file') {
            part.file.resume();
            continue;
          }
          received = true;
          // Written to disk as it arrives: an archive of several GB never sits in memory.
          await pipeline(part.file, createWriteStream(spooled, { flags: 'wx', mode: 0o600 }));
          if (part.file.truncated) {
            throw new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, ErrorMessage.PAYLOAD_TOO_LARGE);
          }
        }
        if (!received) throw new AppError(400, ErrorCode.BAD_REQUEST, BackupMessage.NO_FILE);
        const backup = await importBackup(ctx(request), spooled, requireUser(request).id);
        return reply.status(201).send({ success: true as const, message: BackupMessage.IMPORTED, data: backup });
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, ErrorMessage.PAYLOAD_TOO_LARGE);
        }
        if (error instanceof AppError) throw error;
        if (error instanceof Error && /multipart|boundary|unexpected end|part terminated/i.test(error.message)) {
          throw new AppError(400, ErrorCode.BAD_REQUEST, BackupMessage.NO_FILE);
        }
        throw error;
      } finally {
        await rm(spooled, { force: true });
      }
    },
  );

  /** Streamed from the store: an archive of several GB never sits in memory, whichever instance made it. */
  const sendArchive = (reply: FastifyReply, row: { filename: string }, object: StoredObject) => {
    reply.headers({
      ...noStore,
      'content-type': 'application/gzip',
      'content-length': String(object.size),
      'content-disposition': `attachment; filename="${row.filename}"`,
      'x-content-type-options': 'nosniff',
    });
    return reply.send(object.stream);
  };

  r.get(
    '/:id/download',
    {
      config: { access: 'backups' },
      schema: {
        tags,
        summary: 'Download a backup archive (application/gzip)',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const { row, object } = await openArchive(ctx(request), request.params.id);
      return sendArchive(reply, row, object);
    },
  );

  r.post(
    '/:id/download-link',
    {
      config: { access: 'backups' },
      schema: {
        tags,
        summary: `A link to the archive for the browser to save by itself (valid ${BACKUP_DOWNLOAD_LINK_SECONDS} s, for this admin and session)`,
        params: idParamsSchema,
        response: { 200: successEnvelope(backupDownloadLinkSchema) },
      },
    },
    async (request, reply) => {
      const row = await completedBackup(ctx(request), request.params.id);
      const token = await app.signedLinks.issue(request, 'backup', String(row.id), BACKUP_DOWNLOAD_LINK_SECONDS);
      reply.headers(noStore);
      return ok({
        url: `/api/backups/${row.id}/file?token=${encodeURIComponent(token)}`,
        expiresIn: BACKUP_DOWNLOAD_LINK_SECONDS,
      });
    },
  );

  r.get(
    '/:id/file',
    {
      // The link is the credential: no bearer token, since the browser fetches it as a plain download.
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The archive behind a download link (application/gzip)',
        params: idParamsSchema,
        querystring: z.object({ token: z.string().max(2000) }),
      },
    },
    async (request, reply) => {
      const user = await app.signedLinks.verify(request.query.token, 'backup', String(request.params.id));
      if (!user || !permissionsByRole[user.role].includes('backups')) {
        throw new AppError(401, ErrorCode.UNAUTHENTICATED, BackupMessage.LINK_EXPIRED);
      }
      const { row, object } = await openArchive(ctx(request), request.params.id);
      return sendArchive(reply, row, object);
    },
  );

  r.post(
    '/:id/restore',
    {
      // Not in the activity log: the restored database has its own.
      // Every page, here only: the restore replaces the settings table too, generation row included, so the
      // other instances, told by the bus to read it again or at their next poll, see a generation other than
      // theirs (unless nothing was purged since the backup, when the pages are the backup's anyway) and purge
      // every page; they read the restored system settings again too. Announcing here would change the
      // restored table. Slugs may differ: the redirects table is read again.
      config: { access: 'backups', purges: 'all', purgeLocal: true, changesRedirects: true },
      schema: {
        tags,
        summary:
          'Replace every table and uploaded file by the backup\'s (body {"confirm": "RESTORE"}); everybody signs in again',
        params: idParamsSchema,
        body: restoreBackupRequestSchema,
        response: { 200: messageEnvelope(restoreResultSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: BackupMessage.RESTORED,
      data: await restoreBackup(ctx(request), request.params.id),
    }),
  );

  r.delete(
    '/:id',
    {
      config: { access: 'backups', activity: { type: 'system', action: 'Deleted backup' } },
      schema: {
        tags,
        summary: 'Delete a backup and its archive',
        params: idParamsSchema,
        response: { 200: messageEnvelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      await deleteBackup(ctx(request), request.params.id);
      return { success: true as const, message: BackupMessage.DELETED, data: { id: request.params.id } };
    },
  );
}

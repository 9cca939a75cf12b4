import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UploadMimeType } from '../../../shared/contracts/uploads';
import {
  UPLOAD_MAX_FILES,
  UPLOAD_MAX_FILE_SIZE,
  UploadMessage,
  uploadBodyLimit,
  isValidUploadName,
} from '../../../shared/contracts/uploads.values';
import { ErrorCode, formatMessage } from '../../../shared/errors';
import type { z } from '../../../shared/zod';
import { AppError, StorageUnavailableError } from '../../lib/errors';
import type { UploadReferenceRemovers } from './upload-usage.repository';
import { storableFields } from '../../http/text-input';
import { discardRestOfBody, spoolPath } from '../../http/uploads';
import { storageFailure } from '../../storage';
import { TYPE_HEAD_BYTES } from './image-pipeline';
import { checkFile, type CheckedFile, type IncomingFile, type UploadContext } from './uploads.service';

/*
 * The multipart intake shared by the upload routes: a request's files spooled to disk as they arrive and
 * checked by content, its text fields parsed, the limits applied while the body streams in, and the
 * spooled files removed whatever happens.
 */

/** Uploads are heavy: a per-address cap on the calls that store files. */
export const UPLOAD_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

const badRequest = (message: string) => new AppError(400, ErrorCode.BAD_REQUEST, message);
const tooLarge = (names: string) =>
  new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, formatMessage(UploadMessage.TOO_LARGE, { names }));

export interface ReadOptions {
  /** Accepted file field names. */
  fields: readonly string[];
  maxFiles: number;
  accept: readonly UploadMimeType[];
}

export interface ParsedUpload {
  files: CheckedFile[];
  fields: Record<string, string>;
}

/** Errors of the multipart parser, as the client should see them. */
function multipartError(error: unknown): unknown {
  const code = (error as { code?: string } | null)?.code;
  switch (code) {
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest(UploadMessage.NOT_MULTIPART);
    case 'FST_FILES_LIMIT':
      return badRequest(formatMessage(UploadMessage.TOO_MANY_FILES, { max: UPLOAD_MAX_FILES }));
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest((error as Error).message);
  }
  if (error instanceof AppError || error instanceof StorageUnavailableError) return error;
  // busboy's own errors (malformed bodies) are the client's fault.
  if (error instanceof Error && /multipart|boundary|unexpected end|part terminated/i.test(error.message)) {
    return badRequest(UploadMessage.NOT_MULTIPART);
  }
  return error;
}

/** Aborts when the connection closes before the answer is sent: the client has gone. */
function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(badRequest(UploadMessage.CANCELLED));
  });
  return controller.signal;
}

/** A promise that rejects with the signal's reason when it aborts, to race against waiting. */
function whenAborted(signal: AbortSignal): Promise<never> {
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  aborted.catch(() => {});
  return aborted;
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(TYPE_HEAD_BYTES), 0, TYPE_HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Writes one file part to the spool folder as it arrives; `spooled` records it for removal. */
async function spoolPart(
  part: MultipartFile,
  spoolDir: string,
  signal: AbortSignal,
  spooled: string[],
): Promise<IncomingFile> {
  const target = spoolPath(spoolDir);
  spooled.push(target);
  try {
    await mkdir(spoolDir, { recursive: true });
    const out = createWriteStream(target, { flags: 'wx', mode: 0o600 });
    await pipeline(part.file, out, { signal });
    // Cut at the limit before this reader saw the 'limit' event (the whole body had already arrived).
    if (part.file.truncated) throw tooLarge(part.filename);
    return {
      path: target,
      bytes: out.bytesWritten,
      head: await readHead(target),
      name: part.filename,
      declaredMime: part.mimetype,
    };
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (error instanceof AppError) throw error;
    throw storageFailure(error);
  }
}

/**
 * Reads a multipart upload: every file is written to the spool folder as it arrives and checked by
 * content once complete (so a bad one is refused before anything is stored); the text fields are
 * collected. Memory holds no file: a body is refused (413) as soon as a file passes 10 MB or the body
 * passes the request total, and reading stops when `signal` aborts (the client has gone).
 */
async function readUpload(
  request: FastifyRequest,
  options: ReadOptions,
  signal: AbortSignal,
  spooled: string[],
): Promise<ParsedUpload> {
  if (!request.isMultipart()) throw badRequest(UploadMessage.NOT_MULTIPART);
  const limit = uploadBodyLimit(options.maxFiles);
  const bodyTooLarge = new AppError(
    413,
    ErrorCode.PAYLOAD_TOO_LARGE,
    formatMessage(UploadMessage.BODY_TOO_LARGE, { max: Math.floor(limit / (1024 * 1024)) }),
  );
  if (Number(request.headers['content-length']) > limit) throw bodyTooLarge;
  // No place for its images: said before the client sends the body.
  const queue = request.server.imageQueue;
  if (queue.full) throw queue.busyError();

  const stop = new AbortController();
  const stopping = AbortSignal.any([signal, stop.signal]);
  const stopped = whenAborted(stopping);
  let received = 0;
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit) stop.abort(bodyTooLarge);
  };
  const files: CheckedFile[] = [];
  const fields: Record<string, string> = {};
  // One file more than allowed is read as far as its header, to say "too many" rather than fail silently.
  const parts = request.parts({ limits: { files: options.maxFiles + 1 }, preservePath: true })[Symbol.asyncIterator]();
  // A part asked for but never taken (the reading stopped first) must not fail unheard.
  const nextPart = () => {
    const next = parts.next();
    next.catch(() => {});
    return Promise.race([next, stopped]);
  };
  try {
    // The first next() starts the parser reading the body; counting starts with it.
    let waiting = nextPart();
    request.raw.on('data', count);
    for (let result = await waiting; !result.done; result = await waiting) {
      const part = result.value;
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        waiting = nextPart();
        continue;
      }
      if (!options.fields.includes(part.fieldname)) {
        part.file.resume();
        throw badRequest(
          formatMessage(UploadMessage.UNEXPECTED_FIELD, { field: part.fieldname, expected: options.fields[0] ?? '' }),
        );
      }
      if (files.length >= options.maxFiles) {
        part.file.resume();
        throw badRequest(
          options.maxFiles === 1
            ? UploadMessage.ONLY_ONE
            : formatMessage(UploadMessage.TOO_MANY_FILES, { max: options.maxFiles }),
        );
      }
      if (!isValidUploadName(part.filename)) {
        part.file.resume();
        throw badRequest(formatMessage(UploadMessage.INVALID_NAME, { names: part.filename.slice(0, 300) }));
      }
      // Refused as soon as the file passes the limit, not once the client has sent all of it.
      part.file.once('limit', () => stop.abort(tooLarge(part.filename)));
      const file = await spoolPart(part, request.server.uploadSpoolDir, stopping, spooled);
      files.push(await checkFile(file, options.accept));
      waiting = nextPart();
    }
  } catch (error) {
    throw multipartError(stopping.aborted ? stopping.reason : error);
  } finally {
    request.raw.off('data', count);
  }
  if (files.length === 0) throw badRequest(options.maxFiles > 1 ? UploadMessage.NO_FILES : UploadMessage.NO_FILE);
  return { files, fields };
}

/**
 * Reads an upload and hands it to `work` with a signal that aborts when the client goes. The spooled
 * files are removed afterwards, whatever happened. A request refused before its whole body arrived is
 * answered at once, and the rest of its body is read and thrown away within bounds (discardRestOfBody).
 */
export async function withUpload<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: ReadOptions,
  work: (upload: ParsedUpload, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const signal = clientGone(reply);
  const spooled: string[] = [];
  try {
    return await work(await readUpload(request, options, signal, spooled), signal);
  } catch (error) {
    discardRestOfBody(request.raw, request.log);
    throw error;
  } finally {
    // A folder that went away takes its files with it: nothing to report then.
    await Promise.allSettled(spooled.map((file) => rm(file, { force: true })));
  }
}

export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  // Empty form fields count as not sent.
  const present = Object.fromEntries(Object.entries(storableFields(fields)).filter(([, v]) => v.trim() !== ''));
  const parsed = schema.safeParse(present);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || 'body';
  const message = formatMessage(UploadMessage.INVALID_FIELD, { field, message: issue?.message ?? 'is invalid' });
  throw new AppError(400, ErrorCode.VALIDATION_ERROR, message, [{ field, message }]);
}

/**
 * Multipart limits of an upload route group. One file more than `maxFiles` is let through so that the
 * excess is reported with a clear message instead of being cut off.
 */
export function multipartLimits(maxFiles: number, fieldSize: number) {
  return {
    fileSize: UPLOAD_MAX_FILE_SIZE,
    files: maxFiles + 1,
    fields: 20,
    fieldSize,
    fieldNameSize: 100,
    parts: 40,
    headerPairs: 100,
  };
}

/** What the upload services need from the app for one request; `signal` aborts when its client has gone. */
export function uploadContext(
  app: FastifyInstance,
  request: FastifyRequest,
  forgetReferences: UploadReferenceRemovers,
  signal?: AbortSignal,
): UploadContext {
  return {
    forgetReferences,
    db: app.database.db,
    storage: app.fileStorage,
    publicUrl: app.config.publicUrl,
    log: request.log,
    imageQueue: app.imageQueue,
    signal,
  };
}

import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import { StorageUnavailableError } from '../lib/errors';
import {
  assertKey,
  contentTypeOf,
  isValidStorageKey,
  type FileStorage,
  type ListedObject,
  type PutFileOptions,
  type StoredObject,
} from './file-storage';
import { createS3Client } from './s3-client';

/** The object metadata that carries a stored object's SHA-256 (hex), for the migration command's checks. */
export const SHA256_METADATA = 'sha256';
/** check() gives up after this: a readiness probe never hangs on an unreachable store. */
export const CHECK_TIMEOUT_MS = 3_000;
const PART_SIZE = 8 * 1024 * 1024;

export interface S3StorageOptions {
  /** Objects never change under their key (generated upload names): stored with a year's caching. */
  immutable?: boolean;
}

/** What a HEAD tells of an object. */
export interface S3ObjectInfo {
  size: number;
  modified: Date;
  /** Set when this store wrote the object. */
  sha256: string | undefined;
}

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
const isMissing = (error: unknown) =>
  statusOf(error) === 404 && ['NoSuchKey', 'NotFound'].includes((error as Error).name);

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * Objects in an S3-compatible bucket, under a key prefix (ADR 0030). Every failure of the service, the
 * network or the credentials is a StorageUnavailableError (503 STORAGE_UNAVAILABLE), never a 500.
 */
export class S3Storage implements FileStorage {
  private client: Promise<S3Client> | undefined;

  constructor(
    private readonly s3: S3Config,
    private readonly prefix: string,
    private readonly options: S3StorageOptions = {},
  ) {}

  private async call<T>(work: (client: S3Client, sdk: typeof S3Sdk) => Promise<T>): Promise<T> {
    this.client ??= createS3Client(this.s3);
    try {
      const [client, sdk] = await Promise.all([this.client, import('@aws-sdk/client-s3')]);
      return await work(client, sdk);
    } catch (error) {
      if (error instanceof StorageUnavailableError) throw error;
      throw new StorageUnavailableError({ cause: error });
    }
  }

  private objectKey(key: string): string {
    assertKey(key);
    return `${this.prefix}${key}`;
  }

  private headersFor(key: string) {
    const extension = key.slice(key.lastIndexOf('.') + 1);
    return {
      ContentType: contentTypeOf(key),
      ...(extension === 'pdf' ? { ContentDisposition: 'attachment' } : {}),
      ...(this.options.immutable ? { CacheControl: 'public, max-age=31536000, immutable' } : {}),
    };
  }

  async put(key: string, data: Buffer): Promise<void> {
    const Key = this.objectKey(key);
    const sha256 = createHash('sha256').update(data).digest('hex');
    await this.call((client, { PutObjectCommand }) =>
      client.send(
        new PutObjectCommand({
          Bucket: this.s3.bucket,
          Key,
          Body: data,
          Metadata: { [SHA256_METADATA]: sha256 },
          ...this.headersFor(key),
        }),
      ),
    );
  }

  /** Streamed in 8 MiB parts (lib-storage): a large file is never held in memory. */
  async putFile(key: string, sourcePath: string, options: PutFileOptions = {}): Promise<void> {
    const Key = this.objectKey(key);
    const sha256 = options.sha256 ?? (await sha256OfFile(sourcePath));
    await this.call(async (client) => {
      const { Upload } = await import('@aws-sdk/lib-storage');
      const upload = new Upload({
        client,
        queueSize: 2,
        partSize: PART_SIZE,
        params: {
          Bucket: this.s3.bucket,
          Key,
          Body: createReadStream(sourcePath),
          Metadata: { [SHA256_METADATA]: sha256 },
          ...this.headersFor(key),
        },
      });
      await upload.done();
    });
    if (options.move) await rm(sourcePath, { force: true });
  }

  async get(key: string): Promise<StoredObject | null> {
    const Key = this.objectKey(key);
    return this.call(async (client, { GetObjectCommand }) => {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: this.s3.bucket, Key }));
        const body = object.Body;
        const stream = body instanceof Readable ? body : Readable.from([]);
        return { stream, size: object.ContentLength ?? 0, modified: object.LastModified ?? new Date(0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    });
  }

  async delete(key: string): Promise<void> {
    const Key = this.objectKey(key);
    await this.call((client, { DeleteObjectCommand }) =>
      client.send(new DeleteObjectCommand({ Bucket: this.s3.bucket, Key })),
    );
  }

  /** Size, date and checksum of an object; null when there is none. */
  async stat(key: string): Promise<S3ObjectInfo | null> {
    const Key = this.objectKey(key);
    return this.call(async (client, { HeadObjectCommand }) => {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: this.s3.bucket, Key }));
        return {
          size: head.ContentLength ?? 0,
          modified: head.LastModified ?? new Date(0),
          sha256: head.Metadata?.[SHA256_METADATA],
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    });
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  /** Writes and removes a probe object, within CHECK_TIMEOUT_MS. */
  async check(): Promise<void> {
    const Key = `${this.prefix}.probe-${randomBytes(6).toString('hex')}`;
    await this.call(async (client, { PutObjectCommand, DeleteObjectCommand }) => {
      // Counted from when the SDK is loaded: the first check of a process loads it.
      const abortSignal = AbortSignal.timeout(CHECK_TIMEOUT_MS);
      const Body = Buffer.alloc(0);
      await client.send(new PutObjectCommand({ Bucket: this.s3.bucket, Key, Body, ContentLength: 0 }), { abortSignal });
      await client.send(new DeleteObjectCommand({ Bucket: this.s3.bucket, Key }), { abortSignal });
    });
  }

  async list(folder: string): Promise<ListedObject[]> {
    const Prefix = `${this.prefix}${folder ? `${folder.replace(/\/+$/, '')}/` : ''}`;
    return this.call(async (client, { paginateListObjectsV2 }) => {
      const found: ListedObject[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket: this.s3.bucket, Prefix })) {
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(this.prefix.length) ?? '';
          if (!object.Key?.startsWith(this.prefix) || !isValidStorageKey(key)) continue;
          found.push({ key, size: object.Size ?? 0, modified: object.LastModified ?? new Date(0) });
        }
      }
      return found;
    });
  }
}

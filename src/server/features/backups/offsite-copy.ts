import { createReadStream } from 'node:fs';
import type { S3Config } from '../../config';
import { createS3Client } from '../../storage/s3-client';

/**
 * Copies a finished archive to an S3-compatible bucket (ADR 0018), streamed in 8 MiB parts: a large archive
 * is never held in memory. Expiry of old copies is left to the bucket's lifecycle rules.
 */
export async function copyToBucket(s3: S3Config, file: string, filename: string): Promise<string> {
  // Loaded on the first copy: a site without an off-site copy never loads the SDK.
  const [client, { Upload }] = await Promise.all([createS3Client(s3), import('@aws-sdk/lib-storage')]);
  const key = `${s3.prefix}${filename}`;
  try {
    const upload = new Upload({
      client,
      queueSize: 2,
      partSize: 8 * 1024 * 1024,
      params: { Bucket: s3.bucket, Key: key, Body: createReadStream(file), ContentType: 'application/gzip' },
    });
    await upload.done();
    return key;
  } finally {
    client.destroy();
  }
}

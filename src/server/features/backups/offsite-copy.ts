import { createReadStream } from 'node:fs';
import type { S3Config } from '../../config';

/**
 * Copies a finished archive to an S3-compatible bucket (ADR 0018), streamed in 8 MiB parts: a large archive
 * is never held in memory. Expiry of old copies is left to the bucket's lifecycle rules.
 */
export async function copyToBucket(s3: S3Config, file: string, filename: string): Promise<string> {
  // Loaded on the first copy: the SDK costs ~20 MB of memory that a site without an off-site copy never needs.
  const [{ S3Client }, { Upload }] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: Boolean(s3.endpoint),
    // Checksums only where S3 requires them: many S3-compatible services do not take the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials:
      s3.accessKeyId && s3.secretAccessKey
        ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
        : undefined,
  });
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

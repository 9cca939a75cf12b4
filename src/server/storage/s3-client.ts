import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config';

/** How long connecting to the store, or waiting on a silent socket, may take before the call fails. */
const CONNECTION_TIMEOUT_MS = 3_000;
const SOCKET_TIMEOUT_MS = 30_000;

/**
 * The one way to build an S3 client from an S3Config (upload storage, backup off-site copy). The SDK is
 * loaded on the first call: it costs ~20 MB of memory that a site on local disk never needs.
 */
export async function createS3Client(s3: S3Config): Promise<S3Client> {
  const { S3Client } = await import('@aws-sdk/client-s3');
  return new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: Boolean(s3.endpoint),
    // Checksums only where S3 requires them: many S3-compatible services do not take the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: SOCKET_TIMEOUT_MS },
    maxAttempts: 2,
    credentials:
      s3.accessKeyId && s3.secretAccessKey
        ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
        : undefined,
  });
}

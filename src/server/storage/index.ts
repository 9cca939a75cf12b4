import type { Config } from '../config';
import type { FileStorage } from './file-storage';
import { LocalDiskStorage } from './local-disk';
import { S3Storage } from './s3-storage';

export type { FileStorage, ListedObject, PutFileOptions, StoredObject } from './file-storage';
export { InvalidStorageKeyError, contentTypeOf, isValidStorageKey, storageFailure } from './file-storage';
export { LocalDiskStorage } from './local-disk';
export { S3Storage } from './s3-storage';

export type StorageArea = 'uploads' | 'backups';

/**
 * The store of one area (ADR 0030): with STORAGE_S3_* the shared bucket (uploads at the prefix, backups
 * under `backups/` in it), otherwise the local folder (UPLOAD_DIR, BACKUP_DIR).
 */
export function createStorage(
  config: Pick<Config, 'storageS3' | 'uploadDir' | 'backupDir'>,
  area: StorageArea,
): FileStorage {
  if (config.storageS3) {
    const prefix = area === 'uploads' ? config.storageS3.prefix : `${config.storageS3.prefix}backups/`;
    return new S3Storage(config.storageS3, prefix, { immutable: area === 'uploads' });
  }
  return area === 'uploads' ? new LocalDiskStorage(config.uploadDir) : new LocalDiskStorage(config.backupDir, 0o600);
}

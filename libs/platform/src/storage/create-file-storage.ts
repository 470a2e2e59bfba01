import path from 'node:path';
import type { S3Config } from '../config/config.js';
import type { FileStorage } from './file-storage.js';
import { LocalFileStorage } from './local-file-storage.js';
import { S3FileStorage } from './s3-file-storage.js';

/**
 * S3 when S3_ENDPOINT is configured, `${dataDir}/files` otherwise. Call `check()` at start-up: a configured
 * S3 that cannot be reached is a start-up error, never a fall-back to local files.
 */
export function createFileStorage(s3: S3Config | undefined, dataDir: string): FileStorage {
  return s3 ? new S3FileStorage(s3) : new LocalFileStorage(path.join(dataDir, 'files'));
}

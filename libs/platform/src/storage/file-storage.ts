/**
 * Files (supplier invoices, delivery orders, product images...): one interface, two adapters chosen at
 * start-up (createFileStorage). A directory under DATA_DIR in the embedded mode, S3 (MinIO) when S3_ENDPOINT
 * is set. Keys are chosen by the application, never taken from a file name.
 */
export interface StoredFile {
  key: string;
  size: number;
  contentType: string;
  /** The name the user uploaded it under, for downloads only. */
  originalName: string;
}

export interface FileStorage {
  /** Stores (or replaces) the file under `key`. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file's bytes; throws FileNotFoundError when there is none. */
  get(key: string): Promise<Buffer>;
  /** Removes the file; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Readiness probe: rejects when files cannot be stored (S3: creates the bucket when it is missing). */
  check(): Promise<void>;
}

export class FileNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored file under key "${key}"`);
    this.name = 'FileNotFoundError';
  }
}

export class InvalidFileKeyError extends Error {
  constructor(
    readonly key: string,
    problem: string,
  ) {
    super(`Invalid file key "${key}": ${problem}`);
    this.name = 'InvalidFileKeyError';
  }
}

const MAX_KEY_LENGTH = 1024;
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * Keys are relative, `/`-separated paths of plain segments (letters, digits, `.`, `_`, `-`; no segment
 * starts with a dot), e.g. `supplier-invoices/2024/0f3c.pdf`. So a key can never name a path outside the
 * storage root (`..`, absolute paths, backslashes, drive letters) in either adapter.
 */
export function assertValidFileKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidFileKeyError(String(key), 'must not be empty');
  if (key.length > MAX_KEY_LENGTH) throw new InvalidFileKeyError(key, `must be at most ${MAX_KEY_LENGTH} characters`);
  if (key.startsWith('/')) throw new InvalidFileKeyError(key, 'must be relative');
  for (const segment of key.split('/')) {
    if (segment === '..' || segment === '.') throw new InvalidFileKeyError(key, 'must not contain . or .. segments');
    if (!SEGMENT.test(segment)) {
      throw new InvalidFileKeyError(
        key,
        'segments must be non-empty, use only letters, digits, ".", "_" and "-", and not start with "."',
      );
    }
  }
}

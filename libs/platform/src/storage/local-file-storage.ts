import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { FileNotFoundError, InvalidFileKeyError, assertValidFileKey } from './file-storage.js';
import type { FileStorage } from './file-storage.js';

/** Where half-written files live until they are renamed into place; no valid key can name it. */
const TEMP_DIR = '.tmp';

/**
 * Files under a root directory (`${DATA_DIR}/files` in the embedded mode). Writes go to a temporary file
 * in the same file system, are flushed, then renamed over the target: a reader sees the old file or the
 * new one, never half of one.
 */
export class LocalFileStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    const tempDir = path.join(this.root, TEMP_DIR);
    await mkdir(tempDir, { recursive: true });
    await mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(tempDir, `${randomUUID()}.part`);
    try {
      const handle = await open(temp, 'wx');
      try {
        await handle.writeFile(body);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) throw new FileNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    try {
      if ((await stat(file)).isFile()) await rm(file, { force: true });
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /** The root must exist and take a write. */
  async check(): Promise<void> {
    const tempDir = path.join(this.root, TEMP_DIR);
    const probe = path.join(tempDir, `${randomUUID()}.check`);
    try {
      await mkdir(tempDir, { recursive: true });
      const handle = await open(probe, 'wx');
      await handle.close();
      await rm(probe, { force: true });
    } catch (error) {
      throw new Error(`File storage directory ${this.root} is not writable: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

  private pathOf(key: string): string {
    assertValidFileKey(key);
    const resolved = path.resolve(this.root, ...key.split('/'));
    // Belt and braces: assertValidFileKey already rules out every way out of the root.
    if (!resolved.startsWith(this.root + path.sep)) throw new InvalidFileKeyError(key, 'points outside the storage');
    return resolved;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  // ENOTDIR: a segment of the key is a file; EISDIR: the key names a directory (a prefix of other keys).
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

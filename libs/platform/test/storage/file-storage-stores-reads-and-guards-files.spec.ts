import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../../src/config/config.js';
import { createFileStorage } from '../../src/storage/create-file-storage.js';
import { FileNotFoundError, InvalidFileKeyError } from '../../src/storage/file-storage.js';
import type { FileStorage } from '../../src/storage/file-storage.js';
import { LocalFileStorage } from '../../src/storage/local-file-storage.js';
import { S3FileStorage } from '../../src/storage/s3-file-storage.js';

/** s3rver accepts these credentials (and signs with them) by default. */
function s3Config(endpoint: string, bucket: string): S3Config {
  return {
    endpoint,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
}

/** Every byte value, so any text re-encoding along the way would show. */
const binary = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7) % 256));

let workDir: string;
let s3rver: S3rver;
let s3Endpoint: string;
const s3Storages: S3FileStorage[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'scm-storage-test-'));
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(workDir, 's3rver') });
  const { port } = await s3rver.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  for (const storage of s3Storages) await storage.close();
  await s3rver.close();
  await rm(workDir, { recursive: true, force: true });
});

function s3Storage(bucket = `test-${randomUUID()}`, endpoint = s3Endpoint): S3FileStorage {
  const storage = new S3FileStorage(s3Config(endpoint, bucket), { connectionTimeoutMs: 1000, requestTimeoutMs: 5000 });
  s3Storages.push(storage);
  return storage;
}

const adapters: [string, () => Promise<FileStorage>][] = [
  [
    LocalFileStorage.name,
    async () => {
      const storage = new LocalFileStorage(path.join(workDir, `local-${randomUUID()}`, 'files'));
      await storage.check();
      return storage;
    },
  ],
  [
    S3FileStorage.name,
    async () => {
      const storage = s3Storage();
      await storage.check();
      return storage;
    },
  ],
];

describe.each(adapters)('%s', (_name, create) => {
  let sut: FileStorage;

  beforeEach(async () => {
    sut = await create();
  });

  it('stores a file and reads back the same bytes', async () => {
    await sut.put('supplier-invoices/2024/inv-0042.pdf', binary, 'application/pdf');

    expect(await sut.exists('supplier-invoices/2024/inv-0042.pdf')).toBe(true);
    expect((await sut.get('supplier-invoices/2024/inv-0042.pdf')).equals(binary)).toBe(true);
  });

  it('replaces a file stored again under the same key', async () => {
    await sut.put('product-images/p-1.png', Buffer.from('first'), 'image/png');
    await sut.put('product-images/p-1.png', Buffer.from('second version'), 'image/png');

    expect((await sut.get('product-images/p-1.png')).toString()).toBe('second version');
  });

  it('deletes a file, after which it is gone, and deleting it again is no error', async () => {
    await sut.put('delivery-orders/do-7.jpg', binary, 'image/jpeg');

    await sut.delete('delivery-orders/do-7.jpg');

    expect(await sut.exists('delivery-orders/do-7.jpg')).toBe(false);
    await expect(sut.get('delivery-orders/do-7.jpg')).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(sut.delete('delivery-orders/do-7.jpg')).resolves.toBeUndefined();
  });

  it('throws FileNotFoundError naming the key of a file that was never stored', async () => {
    await sut.put('sales-uploads/su-1.pdf', binary, 'application/pdf');

    expect(await sut.exists('sales-uploads/su-2.pdf')).toBe(false);
    await expect(sut.get('sales-uploads/su-2.pdf')).rejects.toMatchObject({
      name: 'FileNotFoundError',
      key: 'sales-uploads/su-2.pdf',
    });
    // A key that is only a prefix of stored keys is not a file either.
    expect(await sut.exists('sales-uploads')).toBe(false);
    await expect(sut.get('sales-uploads')).rejects.toBeInstanceOf(FileNotFoundError);
  });

  it('refuses keys that could reach outside the storage', async () => {
    const escapes = [
      '../outside.pdf',
      'invoices/../../outside.pdf',
      '/etc/passwd',
      '..\\outside.pdf',
      'C:\\outside.pdf',
      'invoices//x.pdf',
      'invoices/./x.pdf',
      '.hidden',
      '',
    ];
    for (const key of escapes) {
      await expect(sut.put(key, binary, 'application/pdf')).rejects.toBeInstanceOf(InvalidFileKeyError);
      await expect(sut.get(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
      await expect(sut.exists(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
      await expect(sut.delete(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
    }
    const everything = await readdir(workDir, { recursive: true });
    expect(everything.filter((entry) => entry.includes('outside'))).toEqual([]);
  });
});

describe(LocalFileStorage.name, () => {
  it('leaves no temporary file behind and nothing but the stored file under the root', async () => {
    const root = path.join(workDir, `atomic-${randomUUID()}`);
    const sut = new LocalFileStorage(root);

    await sut.put('invoices/a.pdf', binary, 'application/pdf');
    await sut.put('invoices/a.pdf', Buffer.from('replaced'), 'application/pdf');

    expect(await readFile(path.join(root, 'invoices', 'a.pdf'), 'utf8')).toBe('replaced');
    expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
    expect(await readdir(path.join(root, 'invoices'))).toEqual(['a.pdf']);
  });

  it('fails its check when the root cannot be written', async () => {
    const blocker = path.join(workDir, `blocker-${randomUUID()}`);
    await writeFile(blocker, 'a file where the directory should be');
    const sut = new LocalFileStorage(path.join(blocker, 'files'));

    await expect(sut.check()).rejects.toThrow(`File storage directory ${path.join(blocker, 'files')} is not writable`);
  });
});

describe(S3FileStorage.name, () => {
  it('creates its bucket on check when the bucket is missing, and then stores files in it', async () => {
    const sut = s3Storage(`fresh-${randomUUID()}`);
    await expect(sut.put('invoices/a.pdf', binary, 'application/pdf')).rejects.toThrow();

    await sut.check();
    await sut.check();
    await sut.put('invoices/a.pdf', binary, 'application/pdf');

    expect((await sut.get('invoices/a.pdf')).equals(binary)).toBe(true);
  });

  it('fails its check with a message naming S3_ENDPOINT when S3 cannot be reached', async () => {
    const sut = s3Storage('files', 'http://127.0.0.1:1');

    await expect(sut.check()).rejects.toThrow(
      /^Cannot use S3 bucket S3_BUCKET=files at S3_ENDPOINT=http:\/\/127\.0\.0\.1:1/,
    );
  });
});

describe(createFileStorage.name, () => {
  it('keeps files under DATA_DIR/files without S3, and uses S3 when it is configured', async () => {
    const dataDir = path.join(workDir, `data-${randomUUID()}`);
    const local = createFileStorage(undefined, dataDir);
    await local.put('invoices/a.pdf', binary, 'application/pdf');

    expect(local).toBeInstanceOf(LocalFileStorage);
    expect((await readFile(path.join(dataDir, 'files', 'invoices', 'a.pdf'))).equals(binary)).toBe(true);
    const s3 = createFileStorage(s3Config(s3Endpoint, 'files'), dataDir);
    expect(s3).toBeInstanceOf(S3FileStorage);
    await (s3 as S3FileStorage).close();
  });
});

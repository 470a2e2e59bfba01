import { CommonErrorCode } from '@scm/contracts';
import type { AccessTokenClaims } from '@scm/contracts';
import type { EntityManager } from 'typeorm';
import { AppException } from '../http/app-exception.js';
import type { UploadedFile, UploadedFiles } from '../http/multipart-files.js';
import { FileNotFoundError } from '../storage/file-storage.js';
import type { FileStorage } from '../storage/file-storage.js';
import { UploadRejectedError } from '../storage/upload-policy.js';
import type { AttachmentRepository, AttachmentRow } from './attachment.repository.js';
import { AttachmentService } from './attachment.service.js';
import { resolveAttachmentsOptions } from './attachments.options.js';

const OWNER = '0f3c2b1a-0000-4000-8000-000000000001';
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);
const pdf = Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1');
const exe = Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1');

const editor = {
  sub: 'user-1',
  perms: [{ permission: { key: 'UOM' }, view: true, edit: true, approval: false }],
} as AccessTokenClaims;

/** The attachment table in memory; `failInsert` makes the next insert fail like a lost database. */
class FakeRepository {
  rows: AttachmentRow[] = [];
  failInsert = false;
  /** Rows another upload commits between the early count and the locked one. */
  concurrent: AttachmentRow[] = [];

  /** Rolls the rows back when the work fails, as the database would. */
  async transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    this.rows.push(...this.concurrent.splice(0));
    const before = [...this.rows];
    try {
      return await work({} as EntityManager);
    } catch (error) {
      this.rows = before;
      throw error;
    }
  }
  listByOwner = (type: string, id: string) =>
    Promise.resolve(this.rows.filter((row) => row.owner_type === type && row.owner_id === id));
  findById = (id: string) => Promise.resolve(this.rows.find((row) => row.id === id));
  countByOwner = async (type: string, id: string) => (await this.listByOwner(type, id)).length;
  lockOwner = () => Promise.resolve();
  insert(_manager: EntityManager, rows: AttachmentRow[]): Promise<void> {
    if (this.failInsert) return Promise.reject(new Error('connection terminated'));
    this.rows.push(...rows);
    return Promise.resolve();
  }
  deleteById(id: string): Promise<AttachmentRow | undefined> {
    const row = this.rows.find((candidate) => candidate.id === id);
    this.rows = this.rows.filter((candidate) => candidate !== row);
    return Promise.resolve(row);
  }
  recordExists = () => Promise.resolve(true);
}

/** Files in memory; `failPutAfter` lets that many writes succeed, then fails like an unreachable S3. */
class FakeStorage implements FileStorage {
  files = new Map<string, Buffer>();
  failPutAfter = Infinity;
  failDelete = false;

  put(key: string, body: Buffer): Promise<void> {
    if (this.failPutAfter-- <= 0) return Promise.reject(new Error('S3 unreachable'));
    this.files.set(key, body);
    return Promise.resolve();
  }
  get(key: string): Promise<Buffer> {
    const body = this.files.get(key);
    return body ? Promise.resolve(body) : Promise.reject(new FileNotFoundError(key));
  }
  delete(key: string): Promise<void> {
    if (this.failDelete) return Promise.reject(new Error('S3 unreachable'));
    this.files.delete(key);
    return Promise.resolve();
  }
  exists = (key: string) => Promise.resolve(this.files.has(key));
  check = () => Promise.resolve();
}

/** An upload of these files, handed over one by one like the multipart reader does. */
function filesOf(...files: [Buffer, string][]): UploadedFiles {
  return async (onFile) => {
    for (const [index, [body, fileName]] of files.entries()) {
      const file: UploadedFile = { fieldName: 'files', fileName, body };
      await onFile(file, index);
    }
    return files.length;
  };
}

async function failureOf(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error('it succeeded');
}

describe(AttachmentService.name, () => {
  let repository: FakeRepository;
  let storage: FakeStorage;
  let sut: AttachmentService;

  beforeEach(() => {
    repository = new FakeRepository();
    storage = new FakeStorage();
    const options = resolveAttachmentsOptions({
      service: 'catalog',
      ownerTypes: { uom: { permission: 'UOM', maxCount: 3 } },
    });
    sut = new AttachmentService(options, repository as unknown as AttachmentRepository, storage);
  });

  it('stores each file under its own key and a row for each, typed by content', async () => {
    const views = await sut.upload(editor, 'uom', OWNER, filesOf([png, 'scan.png'], [pdf, 'order.pdf']));

    expect(views).toEqual([
      expect.objectContaining({
        original_name: 'scan.png',
        content_type: 'image/png',
        size: png.length,
        uploaded_by: 'user-1',
      }),
      expect.objectContaining({ original_name: 'order.pdf', content_type: 'application/pdf', size: pdf.length }),
    ]);
    expect([...storage.files.keys()]).toEqual([
      `catalog/uom/${OWNER}/${views[0].id}.png`,
      `catalog/uom/${OWNER}/${views[1].id}.pdf`,
    ]);
    expect(repository.rows.map((row) => row.storage_key)).toEqual([...storage.files.keys()]);
  });

  it('removes the stored files when the database fails', async () => {
    repository.failInsert = true;

    const error = await failureOf(sut.upload(editor, 'uom', OWNER, filesOf([png, 'a.png'], [pdf, 'b.pdf'])));

    expect((error as Error).message).toBe('connection terminated');
    expect(storage.files.size).toBe(0);
    expect(repository.rows).toEqual([]);
  });

  it('writes no row when storage fails, and removes what the upload had stored before', async () => {
    storage.failPutAfter = 1;

    const error = await failureOf(sut.upload(editor, 'uom', OWNER, filesOf([png, 'a.png'], [pdf, 'b.pdf'])));

    expect((error as Error).message).toBe('S3 unreachable');
    expect(storage.files.size).toBe(0);
    expect(repository.rows).toEqual([]);
  });

  it('keeps nothing of an upload with a refused file after good ones', async () => {
    const error = await failureOf(sut.upload(editor, 'uom', OWNER, filesOf([png, 'a.png'], [exe, 'x.pdf'])));

    expect((error as UploadRejectedError).reason).toBe(CommonErrorCode.FILE_TYPE_NOT_ALLOWED);
    expect(storage.files.size).toBe(0);
    expect(repository.rows).toEqual([]);
  });

  it('refuses the file past the maximum before storing it', async () => {
    await sut.upload(editor, 'uom', OWNER, filesOf([png, 'a.png'], [png, 'b.png']));

    const error = await failureOf(sut.upload(editor, 'uom', OWNER, filesOf([png, 'c.png'], [png, 'd.png'])));

    expect((error as AppException).code).toBe(CommonErrorCode.ATTACHMENT_MAX_COUNT);
    expect(storage.files.size).toBe(2);
    expect(repository.rows).toHaveLength(2);
  });

  it('counts again under the owner lock, so a concurrent upload cannot take the record past the maximum', async () => {
    await sut.upload(editor, 'uom', OWNER, filesOf([png, 'a.png']));
    repository.concurrent = [
      { ...repository.rows[0], id: 'other-1' },
      { ...repository.rows[0], id: 'other-2' },
    ];

    const error = await failureOf(sut.upload(editor, 'uom', OWNER, filesOf([png, 'b.png'])));

    expect((error as AppException).code).toBe(CommonErrorCode.ATTACHMENT_MAX_COUNT);
    expect(storage.files.size).toBe(1);
    expect(repository.rows).toHaveLength(3);
  });

  it('refuses an upload without files', async () => {
    const error = await failureOf(sut.upload(editor, 'uom', OWNER, filesOf()));

    expect((error as AppException).fieldProblems).toEqual([{ field: 'files', rule: 'validation.required' }]);
  });

  it('deletes the row even when its file cannot be removed (the file is left unreferenced, never served)', async () => {
    const [view] = await sut.upload(editor, 'uom', OWNER, filesOf([png, 'a.png']));
    storage.failDelete = true;

    await sut.delete('uom', view.id);

    expect(repository.rows).toEqual([]);
    expect(((await failureOf(sut.download('uom', view.id))) as AppException).code).toBe(CommonErrorCode.NOT_FOUND);
  });

  describe('an images-only owner type with a change listener (product images)', () => {
    let images: AttachmentService;
    let changes: { ownerId: string; added: string[]; removed: string[] }[];

    beforeEach(() => {
      const options = resolveAttachmentsOptions({
        service: 'catalog',
        ownerTypes: {
          'product-image': { permission: { anyOf: ['PRODUCT', 'RJ_PRODUCT'] }, accept: 'images', maxCount: 2 },
        },
      });
      images = new AttachmentService(options, repository as unknown as AttachmentRepository, storage);
      changes = [];
      images.onChange('product-image', (_manager, change) => {
        changes.push({
          ownerId: change.ownerId,
          added: change.added.map((view) => view.original_name),
          removed: change.removed.map((view) => view.original_name),
        });
        return Promise.resolve();
      });
    });

    it('refuses a PDF with the images message, and stores jpeg and png', async () => {
      const error = await failureOf(images.upload(editor, 'product-image', OWNER, filesOf([pdf, 'spec.pdf'])));
      expect((error as UploadRejectedError).reason).toBe(CommonErrorCode.IMAGE_TYPE_NOT_ALLOWED);
      expect(storage.files.size).toBe(0);

      const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
      const views = await images.upload(editor, 'product-image', OWNER, filesOf([png, 'a.png'], [jpeg, 'b.jpg']));
      expect(views.map((view) => view.content_type)).toEqual(['image/png', 'image/jpeg']);
    });

    it('tells the listener of each upload and delete, inside the transaction', async () => {
      const [first] = await images.upload(editor, 'product-image', OWNER, filesOf([png, 'a.png'], [png, 'b.png']));
      await images.delete('product-image', first.id);

      expect(changes).toEqual([
        { ownerId: OWNER, added: ['a.png', 'b.png'], removed: [] },
        { ownerId: OWNER, added: [], removed: ['a.png'] },
      ]);
    });

    it('keeps nothing when the listener refuses an upload, and keeps the file when it refuses a delete', async () => {
      const [kept] = await images.upload(editor, 'product-image', OWNER, filesOf([png, 'a.png']));
      const refusing = new AttachmentService(
        resolveAttachmentsOptions({ service: 'catalog', ownerTypes: { 'product-image': { permission: 'PRODUCT' } } }),
        repository as unknown as AttachmentRepository,
        storage,
      );
      refusing.onChange('product-image', () => Promise.reject(new Error('product archived')));

      const upload = await failureOf(refusing.upload(editor, 'product-image', OWNER, filesOf([png, 'b.png'])));
      const removal = await failureOf(refusing.delete('product-image', kept.id));

      expect([(upload as Error).message, (removal as Error).message]).toEqual(['product archived', 'product archived']);
      expect(repository.rows.map((row) => row.original_name)).toEqual(['a.png']);
      expect([...storage.files.keys()]).toEqual([repository.rows[0].storage_key]);
    });

    it('applies the owner type maximum ("Files exceed max count")', async () => {
      const error = await failureOf(
        images.upload(editor, 'product-image', OWNER, filesOf([png, 'a.png'], [png, 'b.png'], [png, 'c.png'])),
      );
      expect((error as AppException).code).toBe(CommonErrorCode.ATTACHMENT_MAX_COUNT);
      expect(changes).toEqual([]);
    });

    it('refuses a listener for an owner type it does not expose, or a second one', () => {
      expect(() => images.onChange('sku-image', () => Promise.resolve())).toThrow('no attachment owner type');
      expect(() => images.onChange('product-image', () => Promise.resolve())).toThrow('has a listener');
    });
  });
});

describe(`${AttachmentService.name}: a scoped owner type`, () => {
  const scopedOptions = () =>
    resolveAttachmentsOptions({ service: 'inventory', ownerTypes: { doc: { permission: 'SA', scoped: true } } });

  it('asks the owner guard for the caller on every route, and answers what the guard answers', async () => {
    const repository = new FakeRepository();
    const sut = new AttachmentService(
      scopedOptions(),
      repository as unknown as AttachmentRepository,
      new FakeStorage(),
    );
    const asked: string[] = [];
    sut.guardOwner('doc', (ownerId, user) => {
      asked.push(`${user.sub}:${ownerId}`);
      return user.sub === 'user-1' ? Promise.resolve() : Promise.reject(new Error('not found'));
    });
    const [view] = await sut.upload(editor, 'doc', OWNER, filesOf([png, 'scan.png']));
    const stranger = { ...editor, sub: 'user-2' };
    await expect(sut.list('doc', OWNER, stranger)).rejects.toThrow('not found');
    await expect(sut.upload(stranger, 'doc', OWNER, filesOf([png, 'b.png']))).rejects.toThrow('not found');
    await expect(sut.download('doc', view.id, stranger)).rejects.toThrow('not found');
    await expect(sut.delete('doc', view.id, stranger)).rejects.toThrow('not found');
    expect(repository.rows).toHaveLength(1);
    expect(await sut.list('doc', OWNER, editor)).toHaveLength(1);
    expect(asked.filter((entry) => entry.startsWith('user-2:'))).toHaveLength(4);
    // Without the caller, a scoped type refuses (a programming error, never "every location").
    await expect(sut.list('doc', OWNER)).rejects.toThrow('the caller is needed');
  });

  it('refuses to start without a guard for a scoped type, and a guard for a type that is not scoped', () => {
    const sut = new AttachmentService(
      scopedOptions(),
      new FakeRepository() as unknown as AttachmentRepository,
      new FakeStorage(),
    );
    expect(() => sut.onApplicationBootstrap()).toThrow('no guard was registered');
    const plain = new AttachmentService(
      resolveAttachmentsOptions({ service: 'catalog', ownerTypes: { uom: 'UOM' } }),
      new FakeRepository() as unknown as AttachmentRepository,
      new FakeStorage(),
    );
    expect(() => plain.guardOwner('uom', () => Promise.resolve())).toThrow('is not scoped');
    plain.onApplicationBootstrap();
  });
});

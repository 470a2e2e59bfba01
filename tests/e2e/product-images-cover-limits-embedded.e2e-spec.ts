import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createEmbeddedApp } from '@scm/gateway';
import type { Runtime } from '@scm/platform';
import { permission, startCatalogSuite, tokenWithPermissions } from '@scm/testing';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { DataSource } from 'typeorm';

/**
 * A product's images and documents (SPEC.md §3 "images (one cover plus others)", §5, §8): images are jpeg, jpg or
 * png only, at most 10, each at most 20 MB, refused with "Files exceed 20MB" / "Files exceed max count" and the
 * images' own wrong-format message; the first image becomes the cover, another can be chosen, a deleted cover passes
 * to the next image; each change publishes the product's snapshot with its image ids and cover; documents also take
 * pdf; an archived product refuses new files; either product key reaches them.
 */
describe('product images: cover, types, size and count (embedded mode)', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let admin: TestAgent;
  let catalogDb: DataSource;
  let dataDir: string;
  let close: () => Promise<void>;
  let productId: string;

  const png = pngImage();
  const jpeg = jpegImage();
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n', 'latin1');

  beforeAll(async () => {
    ({ app, runtime, agent: admin, catalogDb, dataDir, close } = await startCatalogSuite(createEmbeddedApp));
    const category = await admin.post('/api/catalog/item-categories/product').send({ category_name: 'Rings' });
    const created = await admin.post('/api/catalog/products').send({
      product_code: 'RING-1',
      product_name: 'Sapphire ring',
      native_currency: 'USD',
      retail_price_native: '4200',
      stock_type: 'Inventory',
      category_id: category.body.data.category_id,
    });
    expect(created.status).toBe(201);
    productId = created.body.data.product_id;
  });

  afterAll(() => close?.());

  const images = () => `/api/catalog/attachments/product-image/${productId}`;
  const documents = () => `/api/catalog/attachments/product-document/${productId}`;
  const upload = (url: string, files: [Buffer, string][], language = 'en') => {
    let call = admin.post(url).set('Accept-Language', language);
    for (const [body, name] of files) call = call.attach('files', body, name);
    return call;
  };
  const product = async () => (await admin.get('/api/catalog/products/RING-1')).body.data;
  const storedImages = () => {
    const dir = path.join(dataDir, 'files', 'catalog', 'product-image', productId);
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  const snapshots = async () => {
    const rows: { envelope: { data: Record<string, unknown> } }[] = await catalogDb.query(
      `SELECT envelope FROM catalog.outbox WHERE subject = 'catalog.product.upserted'
        AND envelope->'data'->>'product_code' = 'RING-1' ORDER BY id`,
    );
    return rows.map((row) => row.envelope.data);
  };

  let first: string;
  let second: string;

  it('takes a png and a jpeg; the first becomes the cover and the snapshot carries both', async () => {
    const uploaded = await upload(images(), [
      [png, 'front.png'],
      [jpeg, 'side.jpg'],
    ]);
    expect(uploaded.status).toBe(201);
    [first, second] = uploaded.body.data.map((row: { id: string }) => row.id);
    expect(uploaded.body.data.map((row: { content_type: string }) => row.content_type)).toEqual([
      'image/png',
      'image/jpeg',
    ]);
    expect(await product()).toMatchObject({ image_ids: [first, second], cover_image_id: first });
    const last = (await snapshots()).at(-1);
    expect(last).toMatchObject({ revision: 2, image_ids: [first, second], cover_image_id: first });
  });

  it('shows the cover and the image count in the list', async () => {
    const listed = await admin.post('/api/catalog/products/list').send({ search_str: 'RING-1' });
    expect(listed.body.data[0]).toMatchObject({ cover_image_id: first, image_count: 2 });
  });

  it('sets another image as the cover, and refuses one that is not its image', async () => {
    const chosen = await admin.put('/api/catalog/products/RING-1/cover').send({ image_id: second });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data.cover_image_id).toBe(second);
    expect((await snapshots()).at(-1)).toMatchObject({ revision: 3, cover_image_id: second });

    const stranger = await admin
      .put('/api/catalog/products/RING-1/cover')
      .send({ image_id: '00000000-0000-4000-8000-00000000abcd' });
    expect(stranger.status).toBe(400);
    expect(stranger.body.errors).toEqual([
      expect.objectContaining({ field: 'image_id', message: "The cover must be one of the product's images" }),
    ]);
    const document = await upload(documents(), [[pdf, 'certificate.pdf']]);
    expect(document.status).toBe(201);
    const notAnImage = await admin
      .put('/api/catalog/products/RING-1/cover')
      .set('Accept-Language', 'zh-CN')
      .send({ image_id: document.body.data[0].id });
    expect(notAnImage.status).toBe(400);
    expect(notAnImage.body.message).toBe('封面必须是该商品的图片之一');
  });

  it('keeps documents apart (pdf allowed) and lists their ids in the snapshot', async () => {
    const view = await product();
    expect(view.document_ids).toHaveLength(1);
    expect(view.image_ids).toEqual([first, second]);
    expect((await snapshots()).at(-1)).toMatchObject({ document_ids: view.document_ids, cover_image_id: second });
  });

  it('refuses a pdf as an image with the images message, in English and Chinese, keeping nothing', async () => {
    const english = await upload(images(), [
      [png, 'ok.png'],
      [pdf, 'photo.png'],
    ]);
    expect(english.status).toBe(400);
    expect(english.body).toMatchObject({
      code: 'IMAGE_TYPE_NOT_ALLOWED',
      message: 'Wrong file format: only jpeg, jpg and png images are allowed',
    });
    const chinese = await upload(images(), [[pdf, 'spec.pdf']], 'zh-CN');
    expect(chinese.body.message).toBe('文件格式错误：只允许 jpeg、jpg 和 png 图片');
    expect(storedImages()).toHaveLength(2);
    expect((await product()).image_ids).toEqual([first, second]);
  });

  it('refuses an image over 20 MB: "Files exceed 20MB"', async () => {
    const huge = Buffer.concat([png, Buffer.alloc(20 * 1024 * 1024, 0)]);
    const response = await upload(images(), [[huge, 'huge.png']]);
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'Files exceed 20MB' });
    const chinese = await upload(images(), [[huge, 'huge.png']], 'zh-CN');
    expect(chinese.body.message).toBe('文件超过 20MB');
    expect(storedImages()).toHaveLength(2);
  });

  it('holds at most 10 images: "Files exceed max count"', async () => {
    const nine = Array.from({ length: 9 }, (_, index): [Buffer, string] => [png, `view-${index}.png`]);
    const tooMany = await upload(images(), nine);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({ code: 'ATTACHMENT_MAX_COUNT', message: 'Files exceed max count' });
    expect(storedImages()).toHaveLength(2);
    expect((await upload(images(), nine.slice(1))).status).toBe(201);
    expect((await product()).image_ids).toHaveLength(10);
    const eleventh = await upload(images(), [[jpeg, 'one-more.jpg']], 'zh-CN');
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.message).toBe('文件数量超过上限');
    expect((await product()).cover_image_id).toBe(second);
  });

  it('passes the cover to the first image left when the cover is deleted', async () => {
    const removed = await admin.delete(`/api/catalog/attachments/product-image/file/${second}`);
    expect(removed.status).toBe(200);
    const view = await product();
    expect(view.image_ids).toHaveLength(9);
    expect(view.cover_image_id).toBe(first);
    expect((await snapshots()).at(-1)).toMatchObject({ cover_image_id: first, image_ids: view.image_ids });
    // Deleting another image leaves the cover where it is.
    const other = view.image_ids[1] as string;
    expect((await admin.delete(`/api/catalog/attachments/product-image/file/${other}`)).status).toBe(200);
    expect((await product()).cover_image_id).toBe(first);
  });

  it('reaches images under RJ_PRODUCT too, read-only without edit, and not at all without either key', async () => {
    const server = app.getHttpServer();
    const token = async (...perms: Parameters<typeof permission>[]) =>
      `Bearer ${await tokenWithPermissions(
        runtime,
        perms.map((args) => permission(...args)),
      )}`;
    const rjEditor = await token(['RJ_PRODUCT', true, true]);
    const added = await request(server).post(images()).set('Authorization', rjEditor).attach('files', jpeg, 'rj.jpg');
    expect(added.status).toBe(201);
    const viewer = await token(['PRODUCT', true]);
    expect((await request(server).get(images()).set('Authorization', viewer)).status).toBe(200);
    const refused = await request(server).post(images()).set('Authorization', viewer).attach('files', png, 'v.png');
    expect(refused.status).toBe(403);
    const nobody = await token(['UOM', true, true, true]);
    expect((await request(server).get(images()).set('Authorization', nobody)).status).toBe(403);
    const download = await request(server)
      .get(`/api/catalog/attachments/product-image/file/${first}`)
      .set('Authorization', viewer);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
  });

  it('refuses new images on an archived product and keeps nothing of them', async () => {
    const before = storedImages().length;
    expect((await admin.post('/api/catalog/products/RING-1/archive')).status).toBe(200);
    const refused = await upload(images(), [[png, 'late.png']]);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CATALOG_PRODUCT_ARCHIVED');
    expect(storedImages()).toHaveLength(before);
    expect((await admin.post('/api/catalog/products/RING-1/reactivate')).status).toBe(200);
  });

  it('deletes its images and documents with the product', async () => {
    expect((await admin.delete('/api/catalog/products/RING-1')).status).toBe(200);
    expect(storedImages()).toEqual([]);
    const rows: unknown[] = await catalogDb.query(`SELECT 1 FROM catalog.attachment WHERE owner_id = $1`, [productId]);
    expect(rows).toEqual([]);
    expect((await admin.get(images())).status).toBe(404);
  });
});

/** A real 2×2 RGB PNG. */
function pngImage(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  const pixels = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG as far as its content goes (the start-of-image and JFIF marker). */
function jpegImage(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.alloc(64, 0),
    Buffer.from([0xff, 0xd9]),
  ]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

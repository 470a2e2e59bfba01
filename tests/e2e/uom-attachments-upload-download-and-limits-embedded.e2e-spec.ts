import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { createEmbeddedApp } from '@scm/gateway';
import type { Runtime } from '@scm/platform';
import { binaryBody, permission, SUITE_HOOK_TIMEOUT_MS, startCatalogSuite, tokenWithPermissions } from '@scm/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';

/**
 * Document attachments on a UOM through the embedded app: upload a real PNG and PDF, list, download the same
 * bytes, refuse a disguised executable, a file over 20 MB and the file past the count limit (storing nothing
 * of a refused upload), enforce the UOM key (view reads, edit changes), delete.
 */
describe('UOM attachments: upload, download and limits (embedded mode)', () => {
  let app: NestFastifyApplication;
  let runtime: Runtime;
  let dataDir: string;
  let close: () => Promise<void>;
  let editor: string;
  let viewer: string;
  let stranger: string;
  let uomId: string;

  const server = () => app.getHttpServer();
  const base = () => `/api/catalog/attachments/uom/${uomId}`;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  /** The files stored for the UOM, relative to its folder in the file storage. */
  const storedFiles = () => {
    const dir = path.join(dataDir, 'files', 'catalog', 'uom', uomId);
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };
  const list = async (token = editor) => {
    const response = await request(server()).get(base()).set(as(token));
    expect(response.status).toBe(200);
    return response.body.data as { id: string; original_name: string; size: number; content_type: string }[];
  };
  const upload = (files: [Buffer, string][], token = editor, language = 'en') => {
    let call = request(server()).post(base()).set(as(token)).set('Accept-Language', language);
    for (const [body, name] of files) call = call.attach('files', body, name);
    return call;
  };
  const download = (attachmentId: string, token = editor) =>
    request(server())
      .get(`/api/catalog/attachments/uom/file/${attachmentId}`)
      .set(as(token))
      .buffer(true)
      .parse(binaryBody);

  beforeAll(async () => {
    ({ app, runtime, dataDir, close } = await startCatalogSuite(createEmbeddedApp, { signIn: false }));
    editor = await tokenWithPermissions(runtime, [permission('UOM', true, true)]);
    viewer = await tokenWithPermissions(runtime, [permission('UOM', true)]);
    stranger = await tokenWithPermissions(runtime, [permission('PO', true, true, true)]);
    const created = await request(server())
      .post('/api/catalog/uoms')
      .set(as(editor))
      .send({ uom_name: 'PCS', secondary_uom: 'CARTON', uom_per_primary: 24 });
    expect(created.status).toBe(201);
    uomId = created.body.data.uom_id;
  }, SUITE_HOOK_TIMEOUT_MS);

  afterAll(() => close?.(), SUITE_HOOK_TIMEOUT_MS);

  const png = pngImage();
  const pdf = pdfDocument();
  let pngId: string;
  let pdfId: string;

  it('uploads a PNG and a PDF in one request and lists them with name, type and size', async () => {
    const uploaded = await upload([
      [png, 'scan.png'],
      [pdf, '发票 March.pdf'],
    ]);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ status: 201, message: 'Uploaded successfully' });
    expect(uploaded.body.data).toEqual([
      expect.objectContaining({
        owner_type: 'uom',
        owner_id: uomId,
        original_name: 'scan.png',
        content_type: 'image/png',
        size: png.length,
      }),
      expect.objectContaining({ original_name: '发票 March.pdf', content_type: 'application/pdf', size: pdf.length }),
    ]);
    [pngId, pdfId] = uploaded.body.data.map((row: { id: string }) => row.id);

    expect(await list()).toEqual([
      expect.objectContaining({ id: pngId, original_name: 'scan.png', uploaded_by: expect.any(String) }),
      expect.objectContaining({ id: pdfId, original_name: '发票 March.pdf', uploaded_at: expect.any(String) }),
    ]);
    // Stored under <service>/<owner type>/<owner id>/<uuid>.<ext>, named by us, never by the upload.
    expect(storedFiles()).toEqual([`${pdfId}.pdf`, `${pngId}.png`].sort());
  });

  it('downloads the same bytes with their content type and the uploaded name', async () => {
    const image = await download(pngId);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toBe(`attachment; filename="scan.png"; filename*=UTF-8''scan.png`);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(image.body as Buffer, png)).toBe(0);

    const document = await download(pdfId);
    expect(document.status).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('发票 March.pdf')}`,
    );
    expect(Buffer.compare(document.body as Buffer, pdf)).toBe(0);
  });

  it('refuses an executable named x.pdf, in the caller language, and keeps nothing of that upload', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(512, 0x41)]);
    const english = await upload([[exe, 'x.pdf']]);
    expect(english.status).toBe(400);
    expect(english.body).toMatchObject({
      status: 400,
      code: 'FILE_TYPE_NOT_ALLOWED',
      message: 'Wrong file format: only pdf, jpeg, jpg and png files are allowed',
    });
    // A good file before the bad one in the same upload is not kept either: all or nothing.
    const chinese = await upload(
      [
        [png, 'fine.png'],
        [exe, 'x.pdf'],
      ],
      editor,
      'zh-CN',
    );
    expect(chinese.status).toBe(400);
    expect(chinese.body.message).toBe('文件格式错误：只允许 pdf、jpeg、jpg 和 png 文件');
    expect((await list()).map((row) => row.id)).toEqual([pngId, pdfId]);
    expect(storedFiles()).toHaveLength(2);
  });

  it('refuses a file over 20 MB with FILE_TOO_LARGE', async () => {
    const huge = Buffer.alloc(20 * 1024 * 1024 + 1, 0x20);
    Buffer.from('%PDF-1.7\n', 'latin1').copy(huge);
    const response = await upload([[huge, 'huge.pdf']]);
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ status: 413, code: 'FILE_TOO_LARGE', message: 'Files exceed 20MB' });
    expect(storedFiles()).toHaveLength(2);
  });

  it('refuses files past the maximum count per record (10) and keeps the ones within it', async () => {
    const nine = Array.from({ length: 9 }, (_, index): [Buffer, string] => [png, `page-${index}.png`]);
    const tooMany = await upload(nine);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({ code: 'ATTACHMENT_MAX_COUNT', message: 'Files exceed max count' });
    expect(storedFiles()).toHaveLength(2);

    const eight = await upload(nine.slice(1));
    expect(eight.status).toBe(201);
    expect(await list()).toHaveLength(10);

    const eleventh = await upload([[pdf, 'one-more.pdf']], editor, 'zh-CN');
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.message).toBe('文件数量超过上限');
    expect(storedFiles()).toHaveLength(10);
  });

  it('lets a user with UOM view list and download but not upload or delete', async () => {
    expect(await list(viewer)).toHaveLength(10);
    expect((await download(pdfId, viewer)).status).toBe(200);
    const refusedUpload = await upload([[png, 'viewer.png']], viewer);
    expect(refusedUpload.status).toBe(403);
    expect(refusedUpload.body.message).toBe(
      'You do not have permission to access. Please contact the administrator for help.',
    );
    const refusedDelete = await request(server()).delete(`/api/catalog/attachments/uom/file/${pngId}`).set(as(viewer));
    expect(refusedDelete.status).toBe(403);
    expect(await list(viewer)).toHaveLength(10);

    const noKey = await request(server()).get(base()).set(as(stranger));
    expect(noKey.status).toBe(403);
    expect((await download(pngId, stranger)).status).toBe(403);
    expect((await request(server()).get(base())).status).toBe(401);
  });

  it('answers 404 for an owner type catalog does not expose, a UOM that does not exist and an unknown file', async () => {
    expect((await request(server()).get(`/api/catalog/attachments/sku/${uomId}`).set(as(editor))).status).toBe(404);
    const missingUom = await request(server())
      .post('/api/catalog/attachments/uom/00000000-0000-4000-8000-00000000abcd')
      .set(as(editor))
      .attach('files', png, 'x.png');
    expect(missingUom.status).toBe(404);
    expect((await request(server()).get('/api/catalog/attachments/uom/not-a-uuid').set(as(editor))).status).toBe(404);
    expect((await download('00000000-0000-4000-8000-00000000abcd')).status).toBe(404);
  });

  it('refuses an upload without files, naming the field', async () => {
    const empty = await request(server()).post(base()).set(as(editor)).field('note', 'no file here');
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([expect.objectContaining({ field: 'files', message: 'This field is required' })]);
    const json = await request(server()).post(base()).set(as(editor)).send({ files: [] });
    expect(json.status).toBe(400);
    expect(json.body.errors).toEqual([expect.objectContaining({ field: 'files' })]);
  });

  it('deletes an attachment: the row and the stored file go, and it cannot be downloaded again', async () => {
    const removed = await request(server()).delete(`/api/catalog/attachments/uom/file/${pngId}`).set(as(editor));
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ status: 200, message: 'Deleted successfully', data: null });
    expect((await list()).map((row) => row.id)).not.toContain(pngId);
    expect(storedFiles()).not.toContain(`${pngId}.png`);
    expect(storedFiles()).toHaveLength(9);
    expect((await download(pngId)).status).toBe(404);
    const again = await request(server()).delete(`/api/catalog/attachments/uom/file/${pngId}`).set(as(editor));
    expect(again.status).toBe(404);
  });

  it('deletes the files of a UOM when the UOM is deleted', async () => {
    expect((await upload([[png, 'label.png']])).status).toBe(201);
    expect(storedFiles().length).toBeGreaterThan(0);
    const removed = await request(server()).delete(`/api/catalog/uoms/${uomId}`).set(as(editor));
    expect(removed.status).toBe(200);
    expect(storedFiles()).toEqual([]);
    expect((await request(server()).get(base()).set(as(editor))).status).toBe(404);
  });

  it('documents the attachment routes in OpenAPI', async () => {
    const docs = await request(server()).get('/api/docs/json');
    expect(Object.keys(docs.body.paths)).toEqual(
      expect.arrayContaining(['/api/catalog/attachments/uom/{ownerId}', '/api/catalog/attachments/uom/file/{id}']),
    );
  });
});

/** A real 2×2 RGB PNG (signature, IHDR, IDAT, IEND with their CRCs). */
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
  header.writeUInt32BE(2, 0); // width
  header.writeUInt32BE(2, 4); // height
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  // Each row: filter byte 0, then two RGB pixels.
  const pixels = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A real one-page PDF with a line of text and a correct cross-reference table. */
function pdfDocument(): Buffer {
  const text = 'BT /F1 18 Tf 40 100 Td (Delivery order 0042) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

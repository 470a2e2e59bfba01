import { InvalidFileKeyError } from '../storage/file-storage.js';
import { attachmentStorageKey, cleanFileName, contentDisposition, isValidOwnerId } from './attachment-names.js';

describe(attachmentStorageKey.name, () => {
  it('is <service>/<owner type>/<owner id>/<uuid>.<ext>', () => {
    expect(attachmentStorageKey('catalog', 'uom', '0f3c2b1a-0000-4000-8000-000000000001', '7d1e', 'pdf')).toBe(
      'catalog/uom/0f3c2b1a-0000-4000-8000-000000000001/7d1e.pdf',
    );
  });

  it('cannot be steered outside the owner folder', () => {
    expect(() => attachmentStorageKey('catalog', 'uom', '..', 'x', 'pdf')).toThrow(InvalidFileKeyError);
    expect(() => attachmentStorageKey('catalog', 'uom', 'a/../../b', 'x', 'pdf')).toThrow(InvalidFileKeyError);
  });
});

describe(isValidOwnerId.name, () => {
  it('accepts uuids and document numbers, nothing with separators or a leading dot', () => {
    expect(isValidOwnerId('0f3c2b1a-0000-4000-8000-000000000001')).toBe(true);
    expect(isValidOwnerId('PO-2024_0042')).toBe(true);
    for (const id of ['', '.hidden', 'a/b', 'a\\b', 'x'.repeat(129), 'a b']) expect(isValidOwnerId(id)).toBe(false);
  });
});

describe(cleanFileName.name, () => {
  it.each([
    ['invoice.pdf', 'invoice.pdf'],
    ['C:\\Users\\me\\Desktop\\scan.png', 'scan.png'],
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['  delivery \t order\n.jpg ', 'delivery order.jpg'],
    ['bad\u0000name\u0007.pdf', 'badname.pdf'],
    ['发票 March.pdf', '发票 March.pdf'],
    ['', 'file.pdf'],
    ['..', 'file.pdf'],
    [undefined, 'file.pdf'],
  ])('%j is kept as %j', (name, expected) => {
    expect(cleanFileName(name, 'pdf')).toBe(expected);
  });

  it('shortens a long name to 200 characters and keeps its extension', () => {
    const sut = cleanFileName(`${'长'.repeat(300)}.jpeg`, 'jpeg');
    expect(Array.from(sut)).toHaveLength(200);
    expect(sut.endsWith('长.jpeg')).toBe(true);
  });
});

describe(contentDisposition.name, () => {
  it('offers a plain name as it is', () => {
    expect(contentDisposition('scan.png')).toBe(`attachment; filename="scan.png"; filename*=UTF-8''scan.png`);
  });

  it('gives an ASCII fallback and the exact UTF-8 name, and no name can break out of the header', () => {
    expect(contentDisposition('发票 (1).pdf')).toBe(
      `attachment; filename="__ (1).pdf"; filename*=UTF-8''%E5%8F%91%E7%A5%A8%20%281%29.pdf`,
    );
    expect(contentDisposition('a"b\\c;\r\n.pdf', 'inline')).toBe(
      `inline; filename="a_b_c;__.pdf"; filename*=UTF-8''a%22b%5Cc%3B%0D%0A.pdf`,
    );
  });
});

import { CommonErrorCode } from '@scm/contracts';
import { errorEnvelope } from '../http/error.filter.js';
import { AppException } from '../http/app-exception.js';
import { AttachmentException } from './attachment.exception.js';
import { ownerTypeOf, resolveAttachmentsOptions } from './attachments.options.js';

function codeOf(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    if (error instanceof AppException) return error.code;
    throw error;
  }
  throw new Error('nothing was thrown');
}

describe(resolveAttachmentsOptions.name, () => {
  it('maps each owner type to its key, with 10 files per record unless the service or the type says otherwise', () => {
    const sut = resolveAttachmentsOptions({
      service: 'procurement',
      ownerTypes: {
        'purchase-order': 'PO',
        'petty-cash': {
          permission: 'PC',
          maxCount: 3,
          record: { table: 'petty_cash', idColumn: 'id' },
          scoped: true,
        },
      },
    });
    expect(sut.service).toBe('procurement');
    expect([...sut.ownerTypes.values()]).toEqual([
      {
        name: 'purchase-order',
        permission: 'PO',
        anyOf: false,
        accept: 'documents',
        maxCount: 10,
        record: undefined,
        scoped: false,
      },
      {
        name: 'petty-cash',
        permission: 'PC',
        anyOf: false,
        accept: 'documents',
        maxCount: 3,
        record: { table: 'petty_cash', idColumn: 'id' },
        scoped: true,
      },
    ]);
    const wider = resolveAttachmentsOptions({
      service: 'sales',
      ownerTypes: { quotation: 'RJ_QUOTATION' },
      maxCountPerOwner: 20,
    });
    expect(wider.ownerTypes.get('quotation')?.maxCount).toBe(20);
  });

  it('takes any one of several keys, and images only, when a type says so', () => {
    const sut = resolveAttachmentsOptions({
      service: 'catalog',
      ownerTypes: { 'product-image': { permission: { anyOf: ['PRODUCT', 'RJ_PRODUCT'] }, accept: 'images' } },
    });
    expect(sut.ownerTypes.get('product-image')).toMatchObject({
      permission: ['PRODUCT', 'RJ_PRODUCT'],
      anyOf: true,
      accept: 'images',
      maxCount: 10,
    });
  });

  it.each([
    [{ service: 'catalog', ownerTypes: { file: 'UOM' } }, /not "file"/],
    [{ service: 'catalog', ownerTypes: { pic: { permission: { anyOf: [] } } } }, /names no permission key/],
    [{ service: 'catalog', ownerTypes: { pic: { permission: { anyOf: ['PRODUCT', 'NOPE'] } } } }, /"NOPE"/],
    [{ service: 'catalog', ownerTypes: { pic: { permission: 'PRODUCT', accept: 'videos' } } }, /accepts "documents"/],
    [{ service: 'catalog', ownerTypes: { 'Bad/Type': 'UOM' } }, /owner type "Bad\/Type"/],
    [{ service: 'catalog', ownerTypes: { uom: 'NOPE' } }, /unknown permission key "NOPE"/],
    [{ service: 'catalog', ownerTypes: { uom: { permission: 'UOM', maxCount: 0 } } }, /maxCount of "uom"/],
    [{ service: 'catalog', ownerTypes: { uom: 'UOM' }, maxCountPerOwner: 2.5 }, /maxCountPerOwner/],
    [
      {
        service: 'catalog',
        ownerTypes: { uom: { permission: 'UOM', record: { table: 'uom; drop', idColumn: 'id' } } },
      },
      /identifier/,
    ],
    [{ service: 'catalog', ownerTypes: {} }, /at least one owner type/],
    [{ service: '../etc', ownerTypes: { uom: 'UOM' } }, /service name/],
  ])('refuses a misconfiguration at start-up: %j', (options, message) => {
    expect(() => resolveAttachmentsOptions(options as never)).toThrow(message);
  });
});

describe(ownerTypeOf.name, () => {
  const options = resolveAttachmentsOptions({ service: 'catalog', ownerTypes: { uom: 'UOM' } });

  it('finds an exposed owner type with its permission key, and answers not found for any other', () => {
    expect(ownerTypeOf(options, 'uom')).toMatchObject({ name: 'uom', permission: 'UOM', maxCount: 10 });
    expect(codeOf(() => ownerTypeOf(options, 'sku'))).toBe(CommonErrorCode.NOT_FOUND);
  });
});

describe(AttachmentException.name, () => {
  it('answers the count limit with 409 and the SPEC message in the caller language', () => {
    expect(errorEnvelope(AttachmentException.maxCount(10), 'en')).toMatchObject({
      status: 409,
      code: 'ATTACHMENT_MAX_COUNT',
      message: 'Files exceed max count',
    });
    expect(errorEnvelope(AttachmentException.maxCount(10), 'zh-CN').message).toBe('文件数量超过上限');
  });

  it('answers an upload without files as a required field', () => {
    expect(errorEnvelope(AttachmentException.noFiles(), 'en')).toMatchObject({
      status: 400,
      errors: [{ field: 'files', rule: 'validation.required', message: 'This field is required' }],
    });
  });
});

import { PATH_METADATA } from '@nestjs/common/constants.js';
import { ServicePlatformModule } from '../runtime/service-platform.module.js';
import { REQUIRED_PERMISSION } from '../auth/decorators.js';
import type { RequiredPermission } from '../auth/decorators.js';
import { AttachmentsModule } from './attachments.module.js';

describe(AttachmentsModule.name, () => {
  it('needs the service platform module first, and says so', () => {
    expect(() => AttachmentsModule.forService({ service: 'nowhere', ownerTypes: { thing: 'UOM' } })).toThrow(
      "import ServicePlatformModule.forService({ name: 'nowhere', ... }) before the modules that need it",
    );
  });

  it("imports the service's own platform module and serves each owner type under /api/<service>/attachments/<type>", () => {
    const platform = ServicePlatformModule.forService({ name: 'procurement', entities: [], migrations: [] });

    const sut = AttachmentsModule.forService({ service: 'procurement', ownerTypes: { 'purchase-order': 'PO' } });

    expect(sut.imports).toEqual([platform]);
    const [controller] = sut.controllers ?? [];
    expect(controller?.name).toBe('ProcurementPurchaseOrderAttachmentsController');
    expect(Reflect.getMetadata(PATH_METADATA, controller)).toBe('api/procurement/attachments/purchase-order');
  });

  it('declares any-of keys on every route of a type reached under several keys', () => {
    ServicePlatformModule.forService({ name: 'catalog', entities: [], migrations: [] });

    const sut = AttachmentsModule.forService({
      service: 'catalog',
      ownerTypes: { 'product-image': { permission: { anyOf: ['PRODUCT', 'RJ_PRODUCT'] }, accept: 'images' } },
    });

    const [controller] = (sut.controllers ?? []) as (new () => Record<string, unknown>)[];
    const declared = ['list', 'upload', 'download', 'delete'].map(
      (name) => Reflect.getMetadata(REQUIRED_PERMISSION, controller.prototype[name] as object) as RequiredPermission,
    );
    expect(declared).toEqual([
      { keys: ['PRODUCT', 'RJ_PRODUCT'], check: 'view', anyOf: true },
      { keys: ['PRODUCT', 'RJ_PRODUCT'], check: 'edit', anyOf: true },
      { keys: ['PRODUCT', 'RJ_PRODUCT'], check: 'view', anyOf: true },
      { keys: ['PRODUCT', 'RJ_PRODUCT'], check: 'edit', anyOf: true },
    ]);
  });
});

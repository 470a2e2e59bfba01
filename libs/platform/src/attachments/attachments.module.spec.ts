import { PATH_METADATA } from '@nestjs/common/constants.js';
import { ServicePlatformModule } from '../runtime/service-platform.module.js';
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
});

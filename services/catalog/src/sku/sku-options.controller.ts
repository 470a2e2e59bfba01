import { Get } from '@nestjs/common';
import type { SkuOptions } from '@scm/contracts';
import { Permission, ServiceController } from '@scm/platform';
import { SkuService } from './sku.service.js';

/**
 * The choices of the SKU form and list filters under the SKU key (new or active categories with sub-categories,
 * UOMs and suppliers), so someone who may edit SKUs needs no UOM or SUPPLIER permission to pick them. Its own
 * path: under `catalog/skus/` it would shadow a SKU with that ID.
 */
@ServiceController('catalog/sku-options', 'catalog: SKU')
export class SkuOptionsController {
  constructor(private readonly skus: SkuService) {}

  @Get()
  @Permission('SKU', 'view')
  options(): Promise<SkuOptions> {
    return this.skus.options();
  }
}

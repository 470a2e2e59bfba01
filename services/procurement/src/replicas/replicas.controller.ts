import { HttpCode, Post } from '@nestjs/common';
import { Permission, ServiceController, SuccessMessage } from '@scm/platform';
import { CatalogReplicasHandler } from './catalog-replicas.handler.js';

/** Operators' repair of procurement's catalog replicas. */
@ServiceController('procurement/replicas', 'procurement: catalog replicas')
export class ReplicasController {
  constructor(private readonly handler: CatalogReplicasHandler) {}

  /** Drops the supplier, SKU, price, location and rate replicas and replays catalog's events. */
  @Post('rebuild')
  @HttpCode(200)
  @Permission('SETTING', 'edit')
  @SuccessMessage('messages.success')
  async rebuild(): Promise<null> {
    await this.handler.rebuild();
    return null;
  }
}

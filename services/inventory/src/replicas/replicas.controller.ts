import { HttpCode, Post } from '@nestjs/common';
import { Permission, ServiceController, SuccessMessage } from '@scm/platform';
import { CatalogReplicasHandler } from './catalog-replicas.handler.js';

/** Operators' repair of the ledger's catalog replicas. */
@ServiceController('inventory/replicas', 'inventory: catalog replicas')
export class ReplicasController {
  constructor(private readonly handler: CatalogReplicasHandler) {}

  /** Drops the item, category, location and region replicas and replays catalog's events. */
  @Post('rebuild')
  @HttpCode(200)
  @Permission('SETTING', 'edit')
  @SuccessMessage('messages.success')
  async rebuild(): Promise<null> {
    await this.handler.rebuild();
    return null;
  }
}

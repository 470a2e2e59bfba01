import { HttpCode, Post } from '@nestjs/common';
import { listQuerySchema } from '@scm/contracts';
import type { ListQuery } from '@scm/contracts';
import { ListPage, Permission, ServiceController, SuccessMessage, ValidBody } from '@scm/platform';
import { UomReplicaHandler } from './uom-replica.handler.js';
import { UomReplicaRepository } from './uom-replica.repository.js';
import type { UomReplicaRow } from './uom-replica.repository.js';

/** The units of measure as inventory sees them (its replica of catalog's). */
@ServiceController('inventory/uoms', 'inventory: uom replica')
export class UomReplicaController {
  constructor(
    private readonly replica: UomReplicaRepository,
    private readonly handler: UomReplicaHandler,
  ) {}

  @Post('list')
  @HttpCode(200)
  @Permission('UOM', 'view')
  async list(@ValidBody(listQuerySchema) query: ListQuery): Promise<ListPage<UomReplicaRow>> {
    const page = await this.replica.list(query);
    return new ListPage(page.data, page.recordsTotal);
  }

  /** Operators' repair: drop the replica and replay catalog's events. */
  @Post('rebuild')
  @HttpCode(200)
  @Permission('SETTING', 'edit')
  @SuccessMessage('messages.success')
  async rebuild(): Promise<null> {
    await this.handler.rebuild();
    return null;
  }
}

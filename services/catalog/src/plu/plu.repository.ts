import { Inject, Injectable } from '@nestjs/common';
import type { ListQuery, MasterStatus, PluBomOption, PluListRow, ValidPluBomOptionsQuery } from '@scm/contracts';
import { DATA_SOURCE, runListQuery } from '@scm/platform';
import type { ListResult } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { PluEntity } from './plu.entity.js';
import { PLU_LIST } from './plu.list.js';

/** A row of the PLU list as the query answers it (the BOM's key and output are dropped before answering). */
export type PluListQueryRow = Omit<PluListRow, 'cost' | 'margin' | 'margin_percentage'> & {
  bom_key: string;
  bom_output_quantity: string;
};

/** A PLU BOM a PLU is put on, as found (and share-locked) while the PLU changes. */
export interface PluBomReference {
  bom_key: string;
  bom_id: string;
  status: MasterStatus;
}

@Injectable()
export class PluRepository {
  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource) {}

  list(query: ListQuery): Promise<ListResult<PluListQueryRow>> {
    return runListQuery<PluListQueryRow>(this.dataSource.manager, PLU_LIST, query);
  }

  /** The PLU by its code, whatever the case. */
  findById(pluId: string, manager: EntityManager = this.dataSource.manager): Promise<PluEntity | null> {
    return manager
      .getRepository(PluEntity)
      .createQueryBuilder('p')
      .where('lower(p.plu_id) = lower(:pluId)', { pluId })
      .getOne();
  }

  /** Locks the row for the rest of the transaction, so concurrent changes apply one after the other. */
  findByIdForUpdate(manager: EntityManager, pluId: string): Promise<PluEntity | null> {
    return manager
      .getRepository(PluEntity)
      .createQueryBuilder('p')
      .setLock('pessimistic_write')
      .where('p.plu_id = :pluId', { pluId })
      .getOne();
  }

  /** A PLU BOM of the list by code (any case), share-locked: a concurrent archive waits, then sees the usage. */
  async lockPluBom(manager: EntityManager, bomId: string): Promise<PluBomReference | null> {
    const rows: PluBomReference[] = await manager.query(
      `SELECT bom_key, bom_id, status FROM bom
        WHERE bom_kind = 'plu_bom' AND custom_plu_id IS NULL AND lower(bom_id) = lower($1) FOR SHARE`,
      [bomId],
    );
    return rows[0] ?? null;
  }

  async insert(manager: EntityManager, plu: PluEntity): Promise<void> {
    await manager.getRepository(PluEntity).insert(plu);
  }

  async save(manager: EntityManager, plu: PluEntity): Promise<void> {
    await manager.getRepository(PluEntity).save(plu);
  }

  async delete(manager: EntityManager, pluId: string): Promise<void> {
    await manager.getRepository(PluEntity).delete({ plu_id: pluId });
  }

  /** New or active PLU BOMs matching the search, plus `bom_ids` asked for (a PLU's current one). */
  async bomOptions(manager: EntityManager, query: ValidPluBomOptionsQuery): Promise<PluBomOption[]> {
    const pattern = `%${query.search_str.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return manager.query(
      `SELECT b.bom_id, b.bom_name, b.output_quantity::text AS output_quantity, b.output_uom_name, b.status
         FROM bom b
        WHERE b.bom_kind = 'plu_bom' AND b.custom_plu_id IS NULL
          AND ((b.status <> 'archived' AND (b.bom_id ILIKE $1 OR b.bom_name ILIKE $1)) OR b.bom_id = ANY($3))
        ORDER BY b.bom_id LIMIT $2`,
      [pattern, query.limit, query.bom_ids],
    );
  }
}

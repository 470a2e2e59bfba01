import { Inject, Injectable } from '@nestjs/common';
import { PRODUCT_DOCUMENT_OWNER_TYPE, PRODUCT_IMAGE_OWNER_TYPE } from '@scm/contracts';
import type { ListQuery, ProductListRow } from '@scm/contracts';
import { DATA_SOURCE, runListQuery } from '@scm/platform';
import type { ListResult } from '@scm/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { ProductEntity } from './product.entity.js';
import { PRODUCT_LIST, PRODUCT_LIST_WITHOUT_COST } from './product.list.js';

@Injectable()
export class ProductRepository {
  constructor(@Inject(DATA_SOURCE) readonly dataSource: DataSource) {}

  /** The list with or without its cost columns (roles without can_see_cost). */
  list(query: ListQuery, withCost: boolean): Promise<ListResult<ProductListRow & { search_text?: string }>> {
    return runListQuery(this.dataSource.manager, withCost ? PRODUCT_LIST : PRODUCT_LIST_WITHOUT_COST, query);
  }

  findByCode(productCode: string, manager: EntityManager = this.dataSource.manager): Promise<ProductEntity | null> {
    return manager.getRepository(ProductEntity).findOneBy({ product_code: productCode });
  }

  /** Locks the row for the rest of the transaction, so concurrent changes apply one after the other. */
  findByCodeForUpdate(manager: EntityManager, productCode: string): Promise<ProductEntity | null> {
    return manager
      .getRepository(ProductEntity)
      .createQueryBuilder('p')
      .setLock('pessimistic_write')
      .where('p.product_code = :productCode', { productCode })
      .getOne();
  }

  /** The code of a product by its internal id (the owner id of its attachments), or null. */
  async codeOf(manager: EntityManager, productId: string): Promise<string | null> {
    const rows: { product_code: string }[] = await manager.query(
      `SELECT product_code FROM product WHERE product_id = $1`,
      [productId],
    );
    return rows[0]?.product_code ?? null;
  }

  /** Whether another product already has this code in any case (checked before insert, for a clear error). */
  async codeTaken(manager: EntityManager, productCode: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM product WHERE lower(product_code) = lower($1)`, [
      productCode,
    ]);
    return rows.length > 0;
  }

  imageIds(manager: EntityManager, productId: string): Promise<string[]> {
    return this.attachmentIds(manager, PRODUCT_IMAGE_OWNER_TYPE, productId);
  }

  documentIds(manager: EntityManager, productId: string): Promise<string[]> {
    return this.attachmentIds(manager, PRODUCT_DOCUMENT_OWNER_TYPE, productId);
  }

  async insert(manager: EntityManager, product: ProductEntity): Promise<void> {
    await manager.getRepository(ProductEntity).insert(product);
  }

  async save(manager: EntityManager, product: ProductEntity): Promise<void> {
    await manager.getRepository(ProductEntity).save(product);
  }

  async delete(manager: EntityManager, productId: string): Promise<void> {
    await manager.getRepository(ProductEntity).delete({ product_id: productId });
  }

  /** The product's attachment ids of one owner type, in upload order (the attachment table's own order). */
  private async attachmentIds(manager: EntityManager, ownerType: string, productId: string): Promise<string[]> {
    const rows: { id: string }[] = await manager.query(
      `SELECT id FROM attachment WHERE owner_type = $1 AND owner_id = $2 ORDER BY uploaded_at, id`,
      [ownerType, productId],
    );
    return rows.map((row) => row.id);
  }
}

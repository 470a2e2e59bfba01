import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ItemCategoryKind, MasterStatus } from '@scm/contracts';

@Entity({ name: 'item_category' })
export class ItemCategoryEntity {
  @PrimaryColumn('uuid')
  category_id!: string;

  /** Whose category it is: sku_bom, plu, plu_bom or product. Never changes. */
  @Column('text')
  kind!: ItemCategoryKind;

  @Column('text')
  category_name!: string;

  @Column('text')
  status!: MasterStatus;

  /** Grows with every change; orders the snapshots replicas receive. */
  @Column('integer')
  revision!: number;

  @Column('timestamptz')
  created_time!: Date;

  @Column('timestamptz')
  last_updated_time!: Date;

  @Column('text', { nullable: true })
  created_by!: string | null;

  @Column('text', { nullable: true })
  last_updated_by!: string | null;
}

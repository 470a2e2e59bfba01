import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { MasterStatus } from '@scm/contracts';

/** A SKU (SPEC.md §3); its UOM rows, suppliers and prices live in sku_uom, sku_supplier and supplier_price. */
@Entity({ name: 'sku' })
export class SkuEntity {
  /** The user's code: appears in URLs, BOMs and purchase orders, so it never changes. */
  @PrimaryColumn('text')
  sku_id!: string;

  @Column('text')
  name!: string;

  @Column('text')
  display_name!: string;

  @Column('text')
  ch_display_name!: string;

  @Column('jsonb')
  alternate_display_name_list!: string[];

  @Column('uuid')
  category_id!: string;

  @Column('uuid', { nullable: true })
  sub_category_id!: string | null;

  /** Units by name, each one of the SKU's unit rows (docs/units-of-measure.md). */
  @Column('text')
  primary_uom_name!: string;

  @Column('text')
  purchasing_uom_name!: string;

  @Column('text')
  receiving_uom_name!: string;

  @Column('text')
  counting_uom_name!: string;

  @Column('text')
  barcode!: string;

  /** numeric(18,3): read back as a string such as `5.000`. */
  @Column('numeric', { precision: 18, scale: 3 })
  threshold!: string;

  @Column('boolean')
  is_inventorise!: boolean;

  @Column('numeric', { precision: 5, scale: 2 })
  default_wastage_percentage!: string;

  @Column('numeric', { precision: 18, scale: 3, nullable: true })
  max_order_qty!: string | null;

  @Column('text')
  account_code!: string;

  @Column('text')
  gl_code!: string;

  @Column('jsonb')
  hashtag_list!: string[];

  @Column('text')
  supplier_description!: string;

  @Column('text')
  product_brand!: string;

  @Column('text')
  packaging_detail!: string;

  @Column('text', { nullable: true })
  default_supplier_id!: string | null;

  @Column('text')
  status!: MasterStatus;

  /** Grows with every change of the aggregate (UOM rows, suppliers and prices included). */
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

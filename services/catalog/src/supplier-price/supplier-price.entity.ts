import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A supplier's price of a SKU per one of its units (tables: CreateSkus, NameSkuUnits): part of the SKU aggregate. */
@Entity({ name: 'supplier_price' })
export class SupplierPriceEntity {
  @PrimaryColumn('text')
  sku_id!: string;

  @PrimaryColumn('text')
  supplier_id!: string;

  /** One of the SKU's units by name, as the SKU spells it: the price is per one of it. */
  @PrimaryColumn('text')
  uom_name!: string;

  @Column('numeric')
  current_price!: string;

  @Column('numeric', { nullable: true })
  future_price_1!: string | null;

  @Column('date', { nullable: true })
  future_price_1_date!: string | null;

  @Column('numeric', { nullable: true })
  future_price_2!: string | null;

  @Column('date', { nullable: true })
  future_price_2_date!: string | null;

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

import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Currency, DeclarationType, MasterStatus, ShippingMethod, StockType } from '@scm/contracts';

/** A product (SPEC.md §3); numerics read back as decimal strings, dates as `YYYY-MM-DD` strings. */
@Entity({ name: 'product' })
export class ProductEntity {
  /** Internal id: the owner id of its images and documents (attachments). */
  @PrimaryColumn('uuid')
  product_id!: string;

  /** The user's code: appears in URLs and (later) on sales documents, so it never changes. */
  @Column('text')
  product_code!: string;

  @Column('text')
  product_name!: string;

  @Column('text')
  alt_name!: string;

  @Column('text')
  brand!: string;

  @Column('numeric', { precision: 12, scale: 2, nullable: true })
  width!: string | null;

  @Column('numeric', { precision: 12, scale: 2, nullable: true })
  height!: string | null;

  @Column('numeric', { precision: 12, scale: 2, nullable: true })
  diameter!: string | null;

  @Column('numeric', { precision: 14, scale: 3, nullable: true })
  weight_grams!: string | null;

  @Column('text')
  time_period!: string;

  @Column('text')
  country_origin!: string;

  @Column('jsonb')
  hashtag_list!: string[];

  @Column('text')
  description!: string;

  @Column('text')
  native_currency!: Currency;

  @Column('numeric', { precision: 18, scale: 2 })
  default_cost!: string;

  @Column('numeric', { precision: 18, scale: 2 })
  retail_price_native!: string;

  /** Units of the native currency per 1 USD, in effect when the product was last saved. */
  @Column('numeric', { precision: 18, scale: 6 })
  exchange_rate!: string;

  /** The effective date of that rate (null for USD). */
  @Column('date', { nullable: true })
  exchange_rate_date!: string | null;

  @Column('numeric', { precision: 18, scale: 2 })
  retail_price_usd!: string;

  @Column('numeric', { precision: 14, scale: 2, nullable: true })
  mark_up!: string | null;

  @Column('numeric', { precision: 5, scale: 2 })
  discount!: string;

  @Column('numeric', { precision: 5, scale: 2 })
  tax!: string;

  @Column('numeric', { precision: 18, scale: 2 })
  retail_with_tax_usd!: string;

  @Column('text')
  remarks!: string;

  @Column('text')
  supplier_description!: string;

  @Column('text')
  stock_type!: StockType;

  @Column('uuid')
  category_id!: string;

  @Column('text')
  permit_no!: string;

  @Column('date', { nullable: true })
  arrival_date!: string | null;

  @Column('date', { nullable: true })
  shipout_date!: string | null;

  @Column('text', { nullable: true })
  declaration_type!: DeclarationType | null;

  @Column('text', { nullable: true })
  shipping_method!: ShippingMethod | null;

  @Column('boolean')
  gross_margin_scheme!: boolean;

  @Column('numeric', { precision: 18, scale: 2, nullable: true })
  total_tax!: string | null;

  /** One of its images (attachment id), kept by the image listener; null without images. */
  @Column('uuid', { nullable: true })
  cover_image_id!: string | null;

  /** Set by label printing (SPEC.md §2 /product/label-printing). */
  @Column('date', { nullable: true })
  last_printed_date!: string | null;

  @Column('boolean')
  is_printed!: boolean;

  @Column('text')
  status!: MasterStatus;

  /** Grows with every change (images and cover included); orders the snapshots replicas receive. */
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

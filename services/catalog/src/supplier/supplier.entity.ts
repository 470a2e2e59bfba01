import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Country, GstPriceType, MasterStatus, SupplierTaxType, TaxRate } from '@scm/contracts';

@Entity({ name: 'supplier' })
export class SupplierEntity {
  /** The user's code: appears in URLs and (later) on SKUs and purchase orders, so it never changes. */
  @PrimaryColumn('text')
  supplier_id!: string;

  @Column('text')
  company_name!: string;

  @Column('text')
  account_no!: string;

  @Column('integer')
  credit_term_in_days!: number;

  @Column('text')
  contact_name!: string;

  @Column('text')
  contact_no!: string;

  @Column('text')
  contact_email!: string;

  @Column('text')
  company_uen!: string;

  @Column('text')
  company_website!: string;

  @Column('text')
  address!: string;

  @Column('text')
  postal_code!: string;

  @Column('text')
  country!: Country;

  @Column('text')
  remark!: string;

  /** numeric(18,2): read back as a string such as `100.00`. */
  @Column('numeric', { precision: 18, scale: 2 })
  minimum_order_value!: string;

  @Column('uuid')
  category_id!: string;

  @Column('text')
  terms_and_conditions!: string;

  @Column('text')
  gst_price_type!: GstPriceType;

  @Column('text')
  gst_reg_no!: string;

  @Column('integer')
  gst_rate!: TaxRate;

  @Column('integer')
  tax_rate!: TaxRate;

  @Column('text')
  tax_type!: SupplierTaxType;

  @Column('text')
  tax_reg_no!: string;

  @Column('jsonb')
  hashtag_list!: string[];

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

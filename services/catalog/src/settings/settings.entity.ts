import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'gst_rate' })
export class GstRateEntity {
  @PrimaryColumn('uuid')
  gst_rate_id!: string;

  /** numeric(5,2): read back as a string such as `7.00`. */
  @Column('numeric', { precision: 5, scale: 2 })
  rate!: string;

  @Column('timestamptz')
  created_time!: Date;
}

/** The one settings row: the default GST rate and the company details. */
@Entity({ name: 'settings' })
export class SettingsEntity {
  @PrimaryColumn('smallint')
  settings_id!: number;

  @Column('uuid')
  default_gst_rate_id!: string;

  @Column('text')
  company_name!: string;

  @Column('text')
  company_uen!: string;

  @Column('text')
  gst_reg_no!: string;

  @Column('text')
  address!: string;

  @Column('text')
  postal_code!: string;

  @Column('text')
  country!: string;

  @Column('text')
  phone!: string;

  @Column('text')
  email!: string;

  @Column('text')
  website!: string;

  /** Grows with every change of GST rates or company details; orders the snapshots replicas receive. */
  @Column('integer')
  revision!: number;

  /** The revision last published (the seeded row's is announced once at start). */
  @Column('integer')
  announced_revision!: number;

  @Column('timestamptz')
  last_updated_time!: Date;

  @Column('text', { nullable: true })
  last_updated_by!: string | null;
}

@Entity({ name: 'exchange_rate' })
export class ExchangeRateEntity {
  @PrimaryColumn('uuid')
  exchange_rate_id!: string;

  @Column('text')
  currency!: string;

  /** A `date` column: read back as `YYYY-MM-DD`. */
  @Column('date')
  effective_date!: string;

  @Column('numeric', { precision: 18, scale: 6 })
  rate!: string;

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

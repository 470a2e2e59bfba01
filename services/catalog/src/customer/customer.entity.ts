import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ContactMode, CustomerAddress, Gender, MasterStatus, Salutation } from '@scm/contracts';

@Entity({ name: 'customer' })
export class CustomerEntity {
  /** The user's code: appears in URLs and (later) on sales invoices, so it never changes. */
  @PrimaryColumn('text')
  customer_code!: string;

  @Column('text')
  customer_name!: string;

  @Column('text')
  salutation!: Salutation;

  @Column('text')
  chinese_name!: string;

  @Column('text')
  gender!: Gender;

  @Column('text')
  email!: string;

  @Column('text')
  primary_contact_no!: string;

  @Column('text')
  secondary_contact_no!: string;

  /** A `date`: read back as `YYYY-MM-DD`. */
  @Column('date', { nullable: true })
  birthday!: string | null;

  @Column('date', { nullable: true })
  wedding_anniversary!: string | null;

  @Column('boolean')
  mailing_list!: boolean;

  @Column('text')
  contact_mode!: ContactMode;

  @Column('text')
  occupation!: string;

  @Column('text')
  company!: string;

  @Column('text')
  department!: string;

  @Column('jsonb')
  tags!: string[];

  /** Billing and shipping addresses in the user's order; one default per type present. */
  @Column('jsonb')
  address_list!: CustomerAddress[];

  /** Read-only here: sales are to maintain them. */
  @Column('integer')
  transaction_count!: number;

  /** numeric(18,2): read back as a string such as `0.00`. */
  @Column('numeric', { precision: 18, scale: 2 })
  total_spending!: string;

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

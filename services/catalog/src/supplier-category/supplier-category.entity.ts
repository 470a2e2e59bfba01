import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { MasterStatus } from '@scm/contracts';

@Entity({ name: 'supplier_category' })
export class SupplierCategoryEntity {
  @PrimaryColumn('uuid')
  category_id!: string;

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

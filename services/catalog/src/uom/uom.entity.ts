import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { MasterStatus } from '@scm/contracts';

@Entity({ name: 'uom' })
export class UomEntity {
  @PrimaryColumn('uuid')
  uom_id!: string;

  @Column('text')
  uom_name!: string;

  @Column('text')
  secondary_uom!: string;

  /** numeric(18,3), kept as a string: quantities are never JS floats. */
  @Column('numeric', { precision: 18, scale: 3 })
  uom_per_primary!: string;

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

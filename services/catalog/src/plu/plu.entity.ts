import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { MasterStatus, PluBomType } from '@scm/contracts';

@Entity({ name: 'plu' })
export class PluEntity {
  /** The user's code: appears in URLs, sales and POS records, so it never changes. */
  @PrimaryColumn('text')
  plu_id!: string;

  @Column('text')
  plu_name!: string;

  @Column('text')
  ch_display_name!: string;

  @Column('numeric')
  suggested_price!: string;

  @Column('text')
  barcode!: string;

  @Column('uuid')
  category_id!: string;

  /** `existing`: a PLU BOM of the list; `custom`: the PLU's own BOM (bom.custom_plu_id = plu_id). */
  @Column('text')
  bom_type!: PluBomType;

  @Column('uuid')
  bom_key!: string;

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

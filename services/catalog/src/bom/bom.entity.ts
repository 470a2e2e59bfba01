import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { BomKind, BomOwnerType, MasterStatus } from '@scm/contracts';

/** A SKU BOM or PLU BOM (or a PLU's custom BOM); its consume rows are in `bom_consume`. */
@Entity({ name: 'bom' })
export class BomEntity {
  /** Internal key: codes are unique per kind only, and a custom BOM carries its PLU's id as code. */
  @PrimaryColumn('uuid')
  bom_key!: string;

  @Column('text')
  bom_kind!: BomKind;

  /** The user's code (URLs, PLUs); never changes. */
  @Column('text')
  bom_id!: string;

  /** The PLU whose custom BOM this is; null for a BOM of the lists. */
  @Column('text', { nullable: true })
  custom_plu_id!: string | null;

  @Column('text')
  bom_name!: string;

  /** SKU BOM: the SKU it produces. */
  @Column('text', { nullable: true })
  output_sku_id!: string | null;

  @Column('numeric')
  output_quantity!: string;

  /** The output's unit by name: one of the output SKU's units (SKU BOM), any unit (PLU BOM). */
  @Column('text')
  output_uom_name!: string;

  /** Null only for a custom BOM. */
  @Column('uuid', { nullable: true })
  category_id!: string | null;

  @Column('text')
  owner_type!: BomOwnerType;

  @Column('text')
  owner!: string;

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

/** A consume row as stored: the wastage is always set (the SKU's default when the user left it blank). */
export interface BomLine {
  sku_id: string;
  quantity_per_uom: string;
  /** One of the SKU's units, as the SKU spells it (docs/units-of-measure.md). */
  uom_name: string;
  wastage_percentage: string;
}

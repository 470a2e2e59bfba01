import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { MasterStatus } from '@scm/contracts';

/** The columns of every category with sub-categories; each kind maps them onto its own table below. */
export abstract class CategoryTreeEntity {
  @PrimaryColumn('uuid')
  category_id!: string;

  @Column('text')
  category_name!: string;

  @Column('text')
  status!: MasterStatus;

  /** Grows with every change (sub-categories included); orders the snapshots replicas receive. */
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

/** A sub-category, in the order the user listed them. */
export abstract class SubCategoryEntity {
  @PrimaryColumn('uuid')
  sub_category_id!: string;

  @Column('uuid')
  category_id!: string;

  @Column('text')
  sub_category_name!: string;

  @Column('integer')
  position!: number;
}

@Entity({ name: 'location_category' })
export class LocationCategoryEntity extends CategoryTreeEntity {}

@Entity({ name: 'location_sub_category' })
export class LocationSubCategoryEntity extends SubCategoryEntity {}

@Entity({ name: 'sku_category' })
export class SkuCategoryEntity extends CategoryTreeEntity {}

@Entity({ name: 'sku_sub_category' })
export class SkuSubCategoryEntity extends SubCategoryEntity {}

export const CATEGORY_TREE_ENTITIES = [
  LocationCategoryEntity,
  LocationSubCategoryEntity,
  SkuCategoryEntity,
  SkuSubCategoryEntity,
];

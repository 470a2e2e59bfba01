import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ContactPerson, Country, MasterStatus } from '@scm/contracts';

@Entity({ name: 'location' })
export class LocationEntity {
  /** The user's code: appears in URLs and in users' location lists, so it never changes. */
  @PrimaryColumn('text')
  location_id!: string;

  @Column('text')
  location_name!: string;

  @Column('boolean')
  is_operating!: boolean;

  @Column('uuid')
  category_id!: string;

  @Column('uuid', { nullable: true })
  sub_category_id!: string | null;

  @Column('uuid')
  region_id!: string;

  @Column('text')
  address!: string;

  @Column('text')
  country!: Country;

  @Column('text')
  postal_code!: string;

  @Column('jsonb')
  contact_person!: ContactPerson[];

  @Column('text')
  remark!: string;

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

import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { PermissionEntry } from '@scm/contracts';

@Entity({ name: 'role' })
export class RoleEntity {
  @PrimaryColumn('uuid')
  role_id!: string;

  @Column('text')
  role_name!: string;

  /** Per key view / edit / approval, in the session user's shape. */
  @Column('jsonb')
  permission_list!: PermissionEntry[];

  @Column('boolean')
  can_see_cost!: boolean;

  /** null = No Limit. */
  @Column('numeric', { precision: 18, scale: 2, nullable: true })
  approval_limit!: string | null;

  @Column('integer')
  revision!: number;

  @Column('text', { nullable: true })
  created_by!: string | null;

  @Column('text', { nullable: true })
  last_updated_by!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_time!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  last_updated_time!: Date;
}

import type { UserStatus } from '@scm/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'app_user' })
export class UserEntity {
  @PrimaryColumn('uuid')
  user_id!: string;

  @Column('text')
  employee_code!: string;

  @Column('text')
  employee_name!: string;

  /** Stored lower-case; unique. */
  @Column('text')
  email!: string;

  /** Stored lower-case; unique. */
  @Column('text')
  username!: string;

  @Column('text', { nullable: true })
  password_hash!: string | null;

  @Column('uuid')
  role_id!: string;

  @Column('text')
  status!: UserStatus;

  /** Location ids the user may act on; `*` means all. */
  @Column('text', { array: true })
  location_list!: string[];

  @Column('text', { nullable: true })
  language!: string | null;

  @Column('integer')
  revision!: number;

  @Column('timestamptz', { nullable: true })
  last_sign_in_at!: Date | null;

  @Column('text', { nullable: true })
  created_by!: string | null;

  @Column('text', { nullable: true })
  last_updated_by!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_time!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  last_updated_time!: Date;
}

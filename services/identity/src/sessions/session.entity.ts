import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A signed-in browser. Access tokens name it (`sid`); `/api/token` renews them only while it lives. */
@Entity({ name: 'session' })
export class SessionEntity {
  @PrimaryColumn('uuid')
  session_id!: string;

  @Column('uuid')
  user_id!: string;

  @Column('timestamptz')
  created_at!: Date;

  @Column('timestamptz')
  last_seen_at!: Date;

  /** Absolute time-out: the session ends then whatever the activity. */
  @Column('timestamptz')
  expires_at!: Date;

  @Column('timestamptz', { nullable: true })
  revoked_at!: Date | null;

  @Column('text', { nullable: true })
  user_agent!: string | null;

  @Column('text', { nullable: true })
  ip!: string | null;
}

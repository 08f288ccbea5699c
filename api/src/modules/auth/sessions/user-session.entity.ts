import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from '../../users/user.entity.js';

export type SessionEndReason = 'logout' | 'ended-by-user' | 'signed-out-everywhere' | 'ended-by-admin' | 'refresh-reuse';

/**
 * One sign-in of a user on one device, 30 days long (the spec's "tokens stored for 30 days"). A
 * trigger notifies `session:<id>` on every change, which the access guard's cache follows.
 */
@Entity('user_session')
@Index('user_session_user_idx', ['userId'])
export class UserSessionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  userId: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** The last sign-in or token renewal (renewals happen every few minutes while the app is used). */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  lastUsedAt: Date;

  /** 30 days after the sign-in; renewals do not move it. */
  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  endedAt: Date | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  endReason: SessionEndReason | null;

  /** SHA-256 (hex) of the current refresh token; the token itself is never stored. */
  @Column({ type: 'varchar', length: 64 })
  refreshHash: string;

  /** What signed the current refresh token: a retry of the previous one gets this very token again. */
  @Column({ type: 'uuid', nullable: true })
  refreshJti: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  refreshIssuedAt: Date | null;

  /** How many times the refresh token was rotated (the token carries it as `gen`). */
  @Column({ type: 'integer', default: 0 })
  generation: number;

  /** The refresh token rotated last: for a few seconds a retry of it (a lost answer) gets the current one, never later. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  previousRefreshHash: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  rotatedAt: Date | null;

  /** The identity provider's ID token of the sign-in: the `id_token_hint` of the provider's sign-out. */
  @Column({ type: 'text', nullable: true })
  idToken: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  userAgent: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;
}

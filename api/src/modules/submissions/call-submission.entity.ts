import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { BaseEntity } from '../../common/base.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { OrganizationEntity } from '../organizations/organization.entity.js';
import { CallEntity } from '../calls/call.entity.js';

/** One organization's application to one call; only this module writes it (the calls module reads it for its list). */
@Entity('call_submission')
// The console list's sorts, filters and search (migration ListIndexes: NULLS placement, DESC, trigram; created there only).
@Index('call_submission_closed_idx', { synchronize: false })
@Index('call_submission_closed_desc_idx', { synchronize: false })
@Index('call_submission_submitted_idx', { synchronize: false })
@Index('call_submission_last_submitted_idx', { synchronize: false })
@Index('call_submission_closed_at_idx', { synchronize: false })
@Index('call_submission_quiz_score_idx', { synchronize: false })
@Index('call_submission_sroi_score_idx', { synchronize: false })
@Index('call_submission_user_idx', { synchronize: false })
// (organization_id, closed) INCLUDE (id): migration SubmissionOrganizationClosed.
@Index('call_submission_organization_idx', { synchronize: false })
@Index('call_submission_code_trgm_idx', { synchronize: false })
@Index('call_submission_call_org_idx', ['callId', 'organizationId'], { unique: true })
// The list's order (newest first) within a call and across calls: keyset pages of the list and the Excel export.
@Index('call_submission_call_opened_idx', ['callId', 'openedAt', 'id'])
@Index('call_submission_opened_idx', ['openedAt', 'id'])
export class CallSubmissionEntity extends BaseEntity {
  @Column({ type: 'uuid' })
  callId: string;

  @ManyToOne(() => CallEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'call_id' })
  call?: CallEntity;

  @Column({ type: 'uuid' })
  organizationId: string;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'organization_id' })
  organization?: OrganizationEntity;

  /** The user who started it. */
  @Column({ type: 'uuid' })
  userId: string;

  @ManyToOne(() => UserEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  /** Human-readable, unique code shown to applicants and administrators (e.g. 2026-7KQ3M9PX). */
  @Index('call_submission_code_idx', { unique: true })
  @Column({ type: 'varchar', length: 40 })
  code: string;

  @Column({ type: 'boolean', default: false })
  closed: boolean;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  openedAt: Date;

  /** When it was first submitted: kept when it is reopened and submitted again. */
  @Column({ type: 'timestamptz', nullable: true })
  submittedAt: Date | null;

  /** When it was last submitted (or closed by an administrator); the history is in submission_event. */
  @Column({ type: 'timestamptz', nullable: true })
  lastSubmittedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  closedAt: Date | null;

  @Column({ type: 'numeric', nullable: true })
  quizScore: number | null;

  @Column({ type: 'numeric', nullable: true })
  sroiScore: number | null;

  /** The outcome of the review, once the administrators released it (review_decision holds it while pending). */
  @Column({ type: 'varchar', length: 20, nullable: true })
  decision?: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  decisionReleasedAt?: Date | null;

  /** The organization's data as it was sent, taken at each submission: what a sent application's documents and figures show. */
  @Column({ type: 'jsonb', nullable: true, select: false })
  organizationSnapshot?: Record<string, unknown> | null;
}

import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';
import { CallSubmissionEntity } from './call-submission.entity.js';

/** What happened to a submission: submitted by its applicant, closed by an administrator (forced), reopened by an administrator. */
export type SubmissionEventKind = 'submitted' | 'closed' | 'reopened';

/** The history of a submission, who and when; written by the same statement that closes or reopens. */
@Entity('submission_event')
@Index('submission_event_submission_idx', ['submissionId', 'at'])
export class SubmissionEventEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  submissionId: string;

  @ManyToOne(() => CallSubmissionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'submission_id' })
  submission?: CallSubmissionEntity;

  @Column({ type: 'varchar', length: 20 })
  kind: SubmissionEventKind;

  /** Who did it; null when unknown or the user was deleted. */
  @Index('submission_event_user_idx')
  @Column({ type: 'uuid', nullable: true })
  userId: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at: Date;

  /** On a submission or forced close: the organization's data the submission kept then. */
  @Column({ type: 'jsonb', nullable: true, select: false })
  organizationSnapshot?: Record<string, unknown> | null;
}

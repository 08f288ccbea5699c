import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { CallEntity } from '../calls/call.entity.js';
import { CallSubmissionEntity } from '../submissions/call-submission.entity.js';
import { UserEntity } from '../users/user.entity.js';

/** A call's review settings: how many reviews each application gets and how scores add up. */
@Entity('review_settings')
export class ReviewSettingsEntity {
  @PrimaryColumn({ type: 'uuid' })
  callId: string;

  @ManyToOne(() => CallEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'call_id' })
  call?: CallEntity;

  @Column({ type: 'smallint', default: 3 })
  reviewsPerApplication: number;

  @Column({ type: 'varchar', length: 10, default: 'mean' })
  aggregate: string;

  /** A spread of review scores (0..100) above this flags a disagreement. */
  @Column({ type: 'double precision', default: 30 })
  disagreementThreshold: number;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/** A period of a call's review, with what reviewers and administrators may do in it. */
@Entity('review_phase')
@Index('review_phase_call_idx', ['callId', 'startsAt'])
export class ReviewPhaseEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  callId: string;

  @ManyToOne(() => CallEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'call_id' })
  call?: CallEntity;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'timestamptz' })
  startsAt: Date;

  @Column({ type: 'timestamptz' })
  endsAt: Date;

  @Column({ type: 'boolean', default: true })
  mayScore: boolean;

  @Column({ type: 'varchar', length: 10, default: 'after-own' })
  seeOthers: string;

  @Column({ type: 'boolean', default: false })
  blind: boolean;

  @Column({ type: 'boolean', default: false })
  mayDecide: boolean;
}

/** One criterion of a call's rubric; a criterion changed after scoring started is retired, never rewritten, so old scores keep their meaning. */
@Entity('review_criterion')
@Index('review_criterion_call_idx', ['callId', 'position'])
export class ReviewCriterionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  callId: string;

  @ManyToOne(() => CallEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'call_id' })
  call?: CallEntity;

  @Column({ type: 'integer' })
  position: number;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  /** Guidance for reviewers per language (it, en, fr). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  guidance: Record<string, string>;

  @Column({ type: 'double precision' })
  minScore: number;

  @Column({ type: 'double precision' })
  maxScore: number;

  @Column({ type: 'double precision' })
  step: number;

  @Column({ type: 'double precision' })
  weight: number;

  @Column({ type: 'boolean', default: true })
  required: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  retiredAt: Date | null;
}

/** A person who reviews a call: a user, or an address invited before its first sign-in (matched by e-mail then). */
@Entity('call_reviewer')
@Index('call_reviewer_call_email_idx', ['callId', 'email'], { unique: true })
@Index('call_reviewer_email_idx', ['email'])
export class CallReviewerEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  callId: string;

  @ManyToOne(() => CallEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'call_id' })
  call?: CallEntity;

  @Index('call_reviewer_user_idx')
  @Column({ type: 'uuid', nullable: true })
  userId: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  /** Lower-cased. */
  @Column({ type: 'varchar', length: 320 })
  email: string;

  @Column({ type: 'timestamptz', nullable: true })
  invitedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

/** An application given to a reviewer, with the review they write on it (one row: a review exists only through its assignment). */
@Entity('review')
@Index('review_pair_idx', ['submissionId', 'reviewerId'], { unique: true })
@Index('review_reviewer_idx', ['reviewerId'])
@Index('review_call_idx', ['callId', 'submissionId'])
export class ReviewEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  callId: string;

  @ManyToOne(() => CallEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'call_id' })
  call?: CallEntity;

  @Column({ type: 'uuid' })
  submissionId: string;

  @ManyToOne(() => CallSubmissionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'submission_id' })
  submission?: CallSubmissionEntity;

  @Column({ type: 'uuid' })
  reviewerId: string;

  @ManyToOne(() => CallReviewerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'reviewer_id' })
  reviewer?: CallReviewerEntity;

  /** 'manual' or 'auto'. */
  @Column({ type: 'varchar', length: 10 })
  source: string;

  @CreateDateColumn({ type: 'timestamptz' })
  assignedAt: Date;

  @Column({ type: 'uuid', nullable: true })
  assignedById: string | null;

  /** Criterion id to score. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  scores: Record<string, number | null>;

  /** The weighted score on 0..100 (libs/domain reviewScore), kept with the scores for ranking. */
  @Column({ type: 'double precision', nullable: true })
  score: number | null;

  @Column({ type: 'varchar', length: 12, nullable: true })
  recommendation: string | null;

  @Column({ type: 'text', default: '' })
  commentApplicant: string;

  @Column({ type: 'text', default: '' })
  commentPanel: string;

  @Column({ type: 'boolean', default: false })
  abstained: boolean;

  @Column({ type: 'text', default: '' })
  abstainReason: string;

  /** Moves on with every save: a stale save answers 409. */
  @Column({ type: 'integer', default: 0 })
  version: number;

  @Column({ type: 'timestamptz', nullable: true })
  savedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  submittedAt: Date | null;
}

/** A reviewer who may never review an application (declared by them, or by an administrator). */
@Entity('review_conflict')
@Index('review_conflict_pair_idx', ['submissionId', 'reviewerId'], { unique: true })
export class ReviewConflictEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('review_conflict_call_idx')
  @Column({ type: 'uuid' })
  callId: string;

  @ManyToOne(() => CallEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'call_id' })
  call?: CallEntity;

  @Column({ type: 'uuid' })
  submissionId: string;

  @ManyToOne(() => CallSubmissionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'submission_id' })
  submission?: CallSubmissionEntity;

  @Column({ type: 'uuid' })
  reviewerId: string;

  @ManyToOne(() => CallReviewerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'reviewer_id' })
  reviewer?: CallReviewerEntity;

  @Column({ type: 'text', default: '' })
  reason: string;

  @CreateDateColumn({ type: 'timestamptz' })
  declaredAt: Date;
}

/** The administrators' decision on an application: pending until released for the whole call at once. */
@Entity('review_decision')
@Index('review_decision_call_idx', ['callId', 'releasedAt'])
export class ReviewDecisionEntity {
  @PrimaryColumn({ type: 'uuid' })
  submissionId: string;

  @ManyToOne(() => CallSubmissionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'submission_id' })
  submission?: CallSubmissionEntity;

  @Column({ type: 'uuid' })
  callId: string;

  @ManyToOne(() => CallEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'call_id' })
  call?: CallEntity;

  @Column({ type: 'varchar', length: 20 })
  decision: string;

  @Column({ type: 'uuid', nullable: true })
  decidedById: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  decidedAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  releasedAt: Date | null;
}

/** What happened in an application's review: assigned, unassigned, conflict, review submitted, decided, released. */
@Entity('review_event')
@Index('review_event_submission_idx', ['submissionId', 'at'])
export class ReviewEventEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  callId: string;

  @ManyToOne(() => CallEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'call_id' })
  call?: CallEntity;

  @Column({ type: 'uuid' })
  submissionId: string;

  @ManyToOne(() => CallSubmissionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'submission_id' })
  submission?: CallSubmissionEntity;

  @Column({ type: 'varchar', length: 20 })
  kind: string;

  /** Who did it (null: the product). */
  @Column({ type: 'uuid', nullable: true })
  actorId: string | null;

  /** The reviewer concerned (an assignment, a conflict, a review). */
  @Column({ type: 'uuid', nullable: true })
  reviewerId: string | null;

  @Column({ type: 'jsonb', nullable: true })
  details: Record<string, unknown> | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at: Date;
}

/** Each application's review figures, rewritten by the reviews module in the transaction of every change to its reviews: the ranked list reads them. */
@Entity('review_summary')
@Index('review_summary_call_idx', ['callId'])
export class ReviewSummaryEntity {
  @PrimaryColumn({ type: 'uuid' })
  submissionId: string;

  @ManyToOne(() => CallSubmissionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'submission_id' })
  submission?: CallSubmissionEntity;

  @Column({ type: 'uuid' })
  callId: string;

  @ManyToOne(() => CallEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'call_id' })
  call?: CallEntity;

  @Column({ type: 'integer', default: 0 })
  reviewsAssigned: number;

  @Column({ type: 'integer', default: 0 })
  reviewsDone: number;

  /** Of the submitted reviews that did not abstain, on 0..100. */
  @Column({ type: 'double precision', nullable: true })
  mean: number | null;

  @Column({ type: 'double precision', nullable: true })
  median: number | null;

  @Column({ type: 'double precision', nullable: true })
  spread: number | null;
}

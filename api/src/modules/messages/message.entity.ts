import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { CallEntity } from '../calls/call.entity.js';

/** A decision's message kind: `decision-<decision>` (libs/domain DECISIONS). */
export const DECISION_KINDS = ['decision-shortlisted', 'decision-approved', 'decision-rejected', 'decision-waiting-list'] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

export const MESSAGE_KINDS = [
  'submission-confirmation',
  'submission-reopened',
  'deadline-reminder',
  'custom',
  'review-assignments',
  'reviewer-invitation',
  'organization-invitation',
  ...DECISION_KINDS,
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** `sending` is a claimed attempt in progress (with a lease); the others are the states the console shows. */
export const MESSAGE_STATES = ['queued', 'sending', 'sent', 'retrying', 'failed'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/**
 * One e-mail, queued in the transaction that caused it (so nothing asked for is lost), rendered by its first attempt and kept as
 * sent. References are plain ids, not foreign keys: a message is a record of what was sent and outlives what caused it.
 */
@Entity('message')
// The console list's sorts, filters and search (migration ConsoleListIndexes).
@Index('message_list_created_idx', { synchronize: false })
@Index('message_created_idx', ['createdAt'])
@Index('message_call_idx', ['callId'])
@Index('message_batch_idx', ['batchId'])
// The queue's probe for messages without a job: only those rows are in it.
@Index('message_unqueued_idx', ['createdAt'], { where: 'enqueued_at IS NULL' })
// Attempts in progress, by the end of their lease: a lapsed one (its process died) is sent again.
@Index('message_lease_idx', ['leaseUntil'], { where: "state = 'sending'" })
export class MessageEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @Column({ type: 'varchar', length: 40 })
  kind: MessageKind;

  @Index('message_state_idx')
  @Column({ type: 'varchar', length: 12, default: 'queued' })
  state: MessageState;

  /** One message per cause: the confirmation of one close, the reminder of one deadline... (a reviewer's address may be in it). */
  @Index('message_dedupe_key_idx', { unique: true })
  @Column({ type: 'varchar', length: 500, nullable: true })
  dedupeKey: string | null;

  @Column({ type: 'uuid', nullable: true })
  userId: string | null;

  @Column({ type: 'uuid', nullable: true })
  submissionId: string | null;

  @Column({ type: 'uuid', nullable: true })
  callId: string | null;

  @Column({ type: 'uuid', nullable: true })
  organizationId: string | null;

  /** The administrator's message (subject and body) of a `custom` message. */
  @Column({ type: 'uuid', nullable: true })
  batchId: string | null;

  /** Values of the kind's placeholders known when queued (a reminder's threshold, a digest's count, a decision's comments). */
  @Column({ type: 'jsonb', nullable: true })
  params: Record<string, unknown> | null;

  @Column({ type: 'varchar', length: 320, nullable: true })
  toAddress: string | null;

  @Column({ type: 'varchar', length: 320, nullable: true })
  ccAddress: string | null;

  @Column({ type: 'varchar', length: 5, nullable: true })
  language: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  subject: string | null;

  @Column({ type: 'text', nullable: true })
  html: string | null;

  @Column({ type: 'text', nullable: true })
  text: string | null;

  /** Names, types and sizes of what was attached (the bytes are not kept). */
  @Column({ type: 'jsonb', nullable: true })
  attachments: { filename: string; contentType: string; size: number }[] | null;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  /** `smtp` or `outbox` (development outbox, no SMTP_URL), once sent. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  transport: string | null;

  /** The pg-boss job of the current attempt series; set with `enqueuedAt` in one transaction. */
  @Column({ type: 'uuid', nullable: true })
  jobId: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  enqueuedAt: Date | null;

  /** An attempt in progress holds the message until then; a crashed attempt's lease runs out. */
  @Column({ type: 'timestamptz', nullable: true })
  leaseUntil: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  sentAt: Date | null;
}

/** An administrator's message to many recipients (SendEmail): its subject and sanitized body, once. */
@Entity('message_batch')
export class MessageBatchEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'uuid', nullable: true })
  callId: string | null;

  @Column({ type: 'uuid', nullable: true })
  createdById: string | null;

  @Column({ type: 'varchar', length: 500 })
  subject: string;

  @Column({ type: 'text' })
  html: string;

  @Column({ type: 'jsonb' })
  audience: { states: string[]; addresses: number };

  @Column({ type: 'integer' })
  recipientCount: number;
}

/**
 * An administrator's version of a message kind's template in one language (the built-in one otherwise); a decision's may
 * be a call's own, which wins over the global one for that call.
 */
@Entity('message_template')
// Unique per kind, language and call, the global one (no call) counted once: an expression index (migration ReviewMessages).
@Index('message_template_kind_language_idx', { synchronize: false })
export class MessageTemplateEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The call whose version this is; null for the version every call uses. */
  @Column({ type: 'uuid', nullable: true })
  callId: string | null;

  @ManyToOne(() => CallEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'call_id' })
  call?: CallEntity;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @Column({ type: 'varchar', length: 40 })
  kind: string;

  @Column({ type: 'varchar', length: 5 })
  language: string;

  @Column({ type: 'varchar', length: 500 })
  subject: string;

  @Column({ type: 'text' })
  html: string;

  @Column({ type: 'uuid', nullable: true })
  updatedById: string | null;
}

/** Per-call message settings: how many days before the deadline the first reminder goes. */
@Entity('call_message_settings')
export class CallMessageSettingsEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('call_message_settings_call_idx', { unique: true })
  @Column({ type: 'uuid' })
  callId: string;

  @Column({ type: 'integer', default: 7 })
  reminderDays: number;
}

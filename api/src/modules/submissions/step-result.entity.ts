import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { BaseEntity } from '../../common/base.entity.js';
import { CallSubmissionEntity } from './call-submission.entity.js';
import { StepEntity } from '../steps/step.entity.js';
import { UserEntity } from '../users/user.entity.js';

/** The answer of one submission to one step (docs/step-results.md), and the score the API computed (quiz), if any. */
@Entity('step_result')
@Index('step_result_submission_step_idx', ['submissionId', 'stepId'], { unique: true })
export class StepResultEntity extends BaseEntity {
  @Column({ type: 'uuid' })
  submissionId: string;

  @ManyToOne(() => CallSubmissionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'submission_id' })
  submission?: CallSubmissionEntity;

  @Index('step_result_step_idx')
  @Column({ type: 'uuid' })
  stepId: string;

  /** RESTRICT: a step that has answers cannot be removed from its call type (CallTypesService answers 409). */
  @ManyToOne(() => StepEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'step_id' })
  step?: StepEntity;

  @Column({ type: 'jsonb' })
  content: unknown;

  @Column({ type: 'numeric', nullable: true })
  score: number | null;

  /** Who saved the answers last, written by the save's own statement (null: not recorded, or that user is gone). */
  @Column({ type: 'uuid', nullable: true })
  updatedById?: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'updated_by_id' })
  updatedBy?: UserEntity;
}

import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { BaseEntity } from '../../common/base.entity.js';
import { CallTypeEntity } from './call-type.entity.js';
import { StepTypeEntity } from './step-type.entity.js';

/** One step of a call type, shown to applicants in ascending `sort` order. */
@Entity('step')
@Index('step_call_type_sort_idx', ['callTypeId', 'sort'])
export class StepEntity extends BaseEntity {
  @Column({ type: 'uuid' })
  callTypeId: string;

  @ManyToOne(() => CallTypeEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'call_type_id' })
  callType?: CallTypeEntity;

  /** name/title of the spec. */
  @Column({ type: 'varchar', length: 300 })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  /** Per-kind content, see docs/step-contents.md. */
  @Column({ type: 'jsonb', nullable: true })
  content: unknown;

  @Column({ type: 'integer' })
  sort: number;

  @Index('step_step_type_idx')
  @Column({ type: 'uuid' })
  stepTypeId: string;

  @ManyToOne(() => StepTypeEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'step_type_id' })
  stepType?: StepTypeEntity;

  /** Server-side answer key (a quiz's correct answers): never sent to applicants. */
  @Column({ type: 'jsonb', nullable: true })
  expectedAnswers: unknown;
}

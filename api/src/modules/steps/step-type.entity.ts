import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../common/base.entity.js';

/** The built-in step kinds, seeded by the migration with fixed ids; those added by name show "not implemented" to applicants. */
export const BUILT_IN_STEP_TYPE_IDS = {
  text: '5e0c0001-0000-4000-8000-000000000001',
  upload: '5e0c0001-0000-4000-8000-000000000002',
  miniDyi: '5e0c0001-0000-4000-8000-000000000003',
  results: '5e0c0001-0000-4000-8000-000000000004',
  survey: '5e0c0001-0000-4000-8000-000000000005',
  quiz: '5e0c0001-0000-4000-8000-000000000006',
} as const;

@Entity('step_type')
export class StepTypeEntity extends BaseEntity {
  @Index('step_type_name_idx', { unique: true })
  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** Hidden from the console's step-type picker (quiz), still usable. */
  @Column({ type: 'boolean', default: false })
  hiddenInPicker: boolean;
}

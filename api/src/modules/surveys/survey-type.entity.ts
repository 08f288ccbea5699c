import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../common/base.entity.js';

/** A survey of the console's library: a SurveyJS JSON that survey and quiz steps can start from. */
@Entity('survey_type')
export class SurveyTypeEntity extends BaseEntity {
  @Index('survey_type_name_idx')
  @Column({ type: 'varchar', length: 300 })
  name: string;

  @Column({ type: 'text' })
  description: string;

  /** SurveyJS JSON, checked and sanitized like a survey step's content. */
  @Column({ type: 'jsonb' })
  json: unknown;
}

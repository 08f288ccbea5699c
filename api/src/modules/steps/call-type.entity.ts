import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../common/base.entity.js';

/** A reusable design of a call: a name, a description and its ordered steps (StepEntity.callTypeId). */
@Entity('call_type')
export class CallTypeEntity extends BaseEntity {
  @Index('call_type_name_idx')
  @Column({ type: 'varchar', length: 300 })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;
}

import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { BaseEntity } from '../../common/base.entity.js';

/** One of the 17 SDGs, seeded by the migration from the domain's list. */
@Entity('sdg')
@Check('sdg_code_check', '"code" BETWEEN 1 AND 17')
export class SdgEntity {
  @PrimaryColumn({ type: 'smallint' })
  code: number;

  @Column({ type: 'varchar', length: 7 })
  colour: string;

  @Column({ type: 'varchar', length: 200 })
  url: string;

  /** Comma-separated English keywords. */
  @Column({ type: 'text', default: '' })
  keywords: string;

  @Column({ type: 'varchar', length: 200 })
  nameIt: string;

  @Column({ type: 'varchar', length: 200 })
  nameEn: string;

  @Column({ type: 'varchar', length: 200 })
  nameFr: string;

  @Column({ type: 'text' })
  descriptionIt: string;

  @Column({ type: 'text' })
  descriptionEn: string;

  @Column({ type: 'text' })
  descriptionFr: string;
}

/** An impact framework: never edited after the import, so the counts the console lists are stored with it. */
@Entity('impact_framework')
// The console list's sorts, filters and search (migration ConsoleListIndexes).
@Index('impact_framework_created_idx', { synchronize: false })
export class ImpactFrameworkEntity extends BaseEntity {
  @Index('impact_framework_name_idx')
  @Column({ type: 'varchar', length: 300 })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'integer', default: 0 })
  stakeholderCount: number;

  @Column({ type: 'integer', default: 0 })
  outcomeCount: number;

  @Column({ type: 'integer', default: 0 })
  indicatorCount: number;

  @Column({ type: 'integer', default: 0 })
  proxyCount: number;

  /** The SDG codes its outcomes belong to, ascending. */
  @Column({ type: 'smallint', array: true, default: () => "'{}'" })
  sdgs: number[];
}

@Entity('impact_stakeholder')
@Index('impact_stakeholder_framework_idx', ['frameworkId', 'sort'])
export class ImpactStakeholderEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  frameworkId: string;

  @ManyToOne(() => ImpactFrameworkEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'framework_id' })
  framework?: ImpactFrameworkEntity;

  @Column({ type: 'varchar', length: 500 })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'integer' })
  sort: number;
}

/** An outcome of a framework, under one SDG. GetOutcomeType reads it by framework and SDG codes. */
@Entity('impact_outcome')
@Index('impact_outcome_framework_sdg_idx', ['frameworkId', 'sdg', 'sort'])
export class ImpactOutcomeEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  frameworkId: string;

  @ManyToOne(() => ImpactFrameworkEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'framework_id' })
  framework?: ImpactFrameworkEntity;

  @Column({ type: 'varchar', length: 500 })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'smallint' })
  sdg: number;

  @ManyToOne(() => SdgEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'sdg', referencedColumnName: 'code' })
  sdgGoal?: SdgEntity;

  @Column({ type: 'integer' })
  sort: number;
}

/** An indicator of an outcome. GetIndicatorType reads them by outcome ids. */
@Entity('impact_indicator')
@Index('impact_indicator_outcome_idx', ['outcomeId', 'sort'])
export class ImpactIndicatorEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  outcomeId: string;

  @ManyToOne(() => ImpactOutcomeEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'outcome_id' })
  outcome?: ImpactOutcomeEntity;

  @Column({ type: 'varchar', length: 500 })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'integer' })
  sort: number;
}

/** A financial proxy of an indicator: value per unit (EUR) and its source. */
@Entity('impact_proxy')
@Index('impact_proxy_indicator_idx', ['indicatorId', 'sort'])
@Check('impact_proxy_value_check', '"default_value" >= 0')
export class ImpactProxyEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  indicatorId: string;

  @ManyToOne(() => ImpactIndicatorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'indicator_id' })
  indicator?: ImpactIndicatorEntity;

  @Column({ type: 'varchar', length: 500 })
  name: string;

  @Column({ type: 'double precision' })
  defaultValue: number;

  @Column({ type: 'varchar', length: 500, default: '' })
  sourceName: string;

  @Column({ type: 'varchar', length: 2000, default: '' })
  sourceUrl: string;

  @Column({ type: 'integer' })
  sort: number;
}

export const IMPACT_ENTITIES = [
  SdgEntity,
  ImpactFrameworkEntity,
  ImpactStakeholderEntity,
  ImpactOutcomeEntity,
  ImpactIndicatorEntity,
  ImpactProxyEntity,
];

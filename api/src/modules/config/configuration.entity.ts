import { Column, Entity, Index } from 'typeorm';
import type { Language } from '@impact-calls/domain';
import { BaseEntity } from '../../common/base.entity.js';

/** The configuration's texts that have a value per language. */
export const CONFIG_TEXT_FIELDS = ['message', 'listName', 'landingHtml', 'dataConsentText'] as const;
export type ConfigTextField = (typeof CONFIG_TEXT_FIELDS)[number];
export type ConfigTexts = Partial<Record<Language, Partial<Record<ConfigTextField, string>>>>;

/** Branding of the portal. Exactly one row is active (partial unique index + deferred trigger). */
@Entity('configuration')
@Index('configuration_one_active_idx', ['isActive'], { unique: true, where: 'is_active' })
export class ConfigurationEntity extends BaseEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  domain: string;

  @Column({ type: 'varchar', length: 2, default: 'it' })
  defaultLanguage: string;

  @Column({ type: 'boolean', default: false })
  languageSelection: boolean;

  @Column({ type: 'boolean', default: true })
  organizationSelection: boolean;

  @Column({ type: 'text', nullable: true })
  logoBase64: string | null;

  @Column({ type: 'integer', default: 50 })
  logoWidth: number;

  @Column({ type: 'integer', default: 50 })
  logoHeight: number;

  /** The texts shown to applicants per language (HTML sanitized); a missing one falls back to the default language's. */
  @Column({ type: 'jsonb', default: () => `'{}'` })
  texts: ConfigTexts;

  @Column({ type: 'varchar', length: 100, nullable: true })
  reportPowerBiId: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  workspacePowerBiId: string | null;

  @Column({ type: 'boolean', default: false })
  isActive: boolean;
}

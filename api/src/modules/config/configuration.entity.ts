import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../common/base.entity.js';

/** Branding of the portal. Exactly one row is active (partial unique index + deferred trigger). */
@Entity('configuration')
@Index('configuration_one_active_idx', ['isActive'], { unique: true, where: 'is_active' })
export class ConfigurationEntity extends BaseEntity {
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  /** Welcome message (sanitized HTML). */
  @Column({ type: 'text', default: '' })
  message: string;

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

  @Column({ type: 'varchar', length: 200, default: '' })
  listName: string;

  @Column({ type: 'text', default: '' })
  landingHtml: string;

  @Column({ type: 'text', default: '' })
  dataConsentText: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  reportPowerBiId: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  workspacePowerBiId: string | null;

  @Column({ type: 'boolean', default: false })
  isActive: boolean;
}

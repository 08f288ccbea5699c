import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { OrganizationEntity } from '../organizations/organization.entity.js';
import { UserEntity } from '../users/user.entity.js';

/** A text a consent was given to, stored once under its version (the sha256 hex of its exact UTF-8 bytes). */
@Entity('consent_text')
export class ConsentTextEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  version: string;

  @Column({ type: 'text' })
  text: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

/** One consent a user gave (to the exact text shown), for an organization or for themself; no address or device is kept. */
@Entity('consent_record')
@Index('consent_record_user_idx', ['userId', 'kind', 'givenAt'])
@Index('consent_record_organization_idx', ['organizationId', 'kind'])
@Check('consent_record_kind_check', `"kind" IN ('data-processing', 'terms', 'self-certification', 'data-consent-text')`)
export class ConsentRecordEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  userId: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  @Column({ type: 'uuid', nullable: true })
  organizationId: string | null;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id' })
  organization?: OrganizationEntity;

  @Column({ type: 'varchar', length: 30 })
  kind: string;

  @Column({ type: 'varchar', length: 64 })
  textVersion: string;

  @ManyToOne(() => ConsentTextEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'text_version' })
  text?: ConsentTextEntity;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  givenAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  withdrawnAt: Date | null;
}

import { Check, Column, Entity, Index, ManyToOne, JoinColumn, PrimaryColumn, PrimaryGeneratedColumn, CreateDateColumn } from 'typeorm';
import { BaseEntity } from '../../common/base.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { FoldedCopy } from '../../database/folded-column.js';

/** An organization that applies to calls. Archived organizations keep their submissions. */
@Entity('organization')
// The console list's sorts, filters and search (migration ConsoleListIndexes).
@Index('organization_reg_number_idx', { synchronize: false })
@Index('organization_contact_email_idx', { synchronize: false })
@Index('organization_created_idx', { synchronize: false })
@Index('organization_archived_idx', { synchronize: false })
@Index('organization_reg_number_trgm_idx', { synchronize: false })
@Index('organization_city_trgm_idx', { synchronize: false })
@Index('organization_contact_email_trgm_idx', { synchronize: false })
@Index('organization_country_trgm_idx', { synchronize: false })
// The submissions list's filters and search (migration ListIndexes).
@Index('organization_country_idx', { synchronize: false })
@Index('organization_city_idx', { synchronize: false })
@Index('organization_name_trgm_idx', { synchronize: false })
// The submissions search, on the generated lower-cased copy (migration SearchFolded).
@Index('organization_name_folded_trgm_idx', { synchronize: false })
export class OrganizationEntity extends BaseEntity {
  @Index('organization_name_idx')
  @Column({ type: 'varchar', length: 300 })
  name: string;

  /** `name` lower-cased, kept by PostgreSQL, for the submissions search (migration SearchFolded); never read or written here. */
  @FoldedCopy('name', 'name_folded')
  nameFolded?: string;

  /** Tax or VAT code. */
  @Column({ type: 'varchar', length: 50 })
  regNumber: string;

  @Column({ type: 'varchar', length: 300 })
  streetName: string;

  @Column({ type: 'varchar', length: 200 })
  cityName: string;

  @Column({ type: 'varchar', length: 100 })
  country: string;

  @Column({ type: 'date', nullable: true })
  dateOfFoundation: string | null;

  @Column({ type: 'varchar', length: 200 })
  contactName: string;

  @Column({ type: 'varchar', length: 200 })
  contactSurname: string;

  @Column({ type: 'varchar', length: 200 })
  contactRole: string;

  @Column({ type: 'varchar', length: 320 })
  contactEmail: string;

  @Column({ type: 'boolean', default: false })
  personalData: boolean;

  @Column({ type: 'boolean', default: false })
  selfCertification: boolean;

  @Column({ type: 'boolean', default: false })
  termsOfService: boolean;

  @Column({ type: 'boolean', default: false })
  nordicCountry: boolean;

  @Column({ type: 'boolean', default: false })
  preFunding: boolean;

  /** Spelled as in the public API contract. */
  @Column({ type: 'boolean', default: false })
  chnageInLife: boolean;

  @Column({ type: 'uuid', nullable: true })
  createdById: string | null;

  /** Set instead of deleting when the organization has submitted applications. */
  @Column({ type: 'timestamptz', nullable: true })
  archivedAt: Date | null;
}

/** Which users act for which organization, and in which role (owner, editor, viewer: docs/decisions/access.md). */
@Entity('organization_member')
@Check('organization_member_role_check', `"role" IN ('owner', 'editor', 'viewer')`)
export class OrganizationMemberEntity {
  @PrimaryColumn({ type: 'uuid' })
  organizationId: string;

  @Index('organization_member_user_idx')
  @PrimaryColumn({ type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 20, default: 'owner' })
  role: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id' })
  organization?: OrganizationEntity;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;
}

/** An invitation to join an organization in a role: single use, valid 7 days; the token itself is only in the e-mail. */
@Entity('organization_invitation')
@Check('organization_invitation_role_check', `"role" IN ('owner', 'editor', 'viewer')`)
@Check('organization_invitation_language_check', `"language" IN ('it', 'en', 'fr')`)
@Check('organization_invitation_email_check', `"email" = lower("email")`)
@Index('organization_invitation_token_idx', { synchronize: false })
// One open invitation per organization and address (a partial unique index, migration OrganizationTeams).
@Index('organization_invitation_open_idx', { synchronize: false })
export class OrganizationInvitationEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_organization_invitation' })
  id: string;

  @Column({ type: 'uuid' })
  organizationId: string;

  /** Lower-cased. */
  @Column({ type: 'varchar', length: 320 })
  email: string;

  @Column({ type: 'varchar', length: 20 })
  role: string;

  /** sha256 (hex) of the token sent by e-mail. */
  @Column({ type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ type: 'uuid', nullable: true })
  invitedById: string | null;

  /** The invitee's language (it, en, fr): the e-mail's. */
  @Column({ type: 'varchar', length: 5 })
  language: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  acceptedAt: Date | null;

  @Column({ type: 'uuid', nullable: true })
  acceptedById: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'FK_organization_invitation_organization' })
  organization?: OrganizationEntity;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'invited_by_id', foreignKeyConstraintName: 'FK_organization_invitation_invited_by' })
  invitedBy?: UserEntity;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'accepted_by_id', foreignKeyConstraintName: 'FK_organization_invitation_accepted_by' })
  acceptedBy?: UserEntity;
}

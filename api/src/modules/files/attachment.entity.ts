import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { BaseEntity } from '../../common/base.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { OrganizationEntity } from '../organizations/organization.entity.js';
import { StepEntity } from '../steps/step.entity.js';

/** The kinds of attachments (GetAttachmentTypes), seeded by the migration; `code` is the kind of libs/domain (FILE_KINDS). */
@Entity('attachment_type')
export class AttachmentTypeEntity extends BaseEntity {
  @Index('attachment_type_code_idx', { unique: true })
  @Column({ type: 'varchar', length: 20 })
  code: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'integer', default: 0 })
  sort: number;
}

/** An uploaded file (`purpose`: a slot, a call's custom file, the library); a row exists only once its bytes are stored. */
@Entity('attachment')
// The console list's sorts, filters and search (migration ConsoleListIndexes).
@Index('attachment_list_created_idx', { synchronize: false })
@Index('attachment_list_file_name_idx', { synchronize: false })
@Index('attachment_list_dimensions_idx', { synchronize: false })
@Index('attachment_list_mime_type_idx', { synchronize: false })
@Index('attachment_file_name_trgm_idx', { synchronize: false })
@Index('attachment_slot_idx', ['submissionId', 'stepId', 'slotIndex'], { unique: true, where: "purpose = 'submission'" })
export class AttachmentEntity extends BaseEntity {
  @Column({ type: 'varchar', length: 20 })
  purpose: string;

  @Index('attachment_submission_idx')
  @Column({ type: 'uuid', nullable: true })
  submissionId: string | null;

  // Named, not imported: the submissions module imports this one (no folder cycle).
  @ManyToOne('CallSubmissionEntity', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'submission_id' })
  submission?: { id: string };

  @Index('attachment_organization_idx')
  @Column({ type: 'uuid', nullable: true })
  organizationId: string | null;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'organization_id' })
  organization?: OrganizationEntity;

  @Column({ type: 'uuid', nullable: true })
  stepId: string | null;

  @ManyToOne(() => StepEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'step_id' })
  step?: StepEntity;

  @Column({ type: 'integer', nullable: true })
  slotIndex: number | null;

  @Column({ type: 'uuid' })
  attachmentTypeId: string;

  @ManyToOne(() => AttachmentTypeEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'attachment_type_id' })
  attachmentType?: AttachmentTypeEntity;

  /** Display name, made safe (libs/domain safeFileName). */
  @Column({ type: 'varchar', length: 200 })
  fileName: string;

  @Column({ type: 'varchar', length: 1024, default: '' })
  description: string;

  /** Size in bytes. */
  @Column({ type: 'integer' })
  dimensions: number;

  /** MIME type read from the bytes. */
  @Column({ type: 'varchar', length: 100 })
  mimeType: string;

  @Index('attachment_storage_key_idx', { unique: true })
  @Column({ type: 'varchar', length: 200 })
  storageKey: string;

  @Index('attachment_download_id_idx', { unique: true })
  /** Random, made by the server with the row. */
  @Column({ type: 'uuid' })
  downloadId: string;

  @Column({ type: 'uuid' })
  uploadedById: string;

  @ManyToOne(() => UserEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'uploaded_by_id' })
  uploadedBy?: UserEntity;
}

import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { BaseEntity } from '../../common/base.entity.js';
import { CallTypeEntity } from '../steps/call-type.entity.js';
import { FoldedCopy } from '../../database/folded-column.js';

/** A funding or programme call, open while now is in [openingAt, closingAt]; its steps are its call type's. */
@Entity('call')
// The console list's sorts, filters and search (migration ConsoleListIndexes).
@Index('call_closing_idx', { synchronize: false })
@Index('call_created_idx', { synchronize: false })
@Index('call_updated_idx', { synchronize: false })
@Index('call_lock_end_idx', { synchronize: false })
@Index('call_description_trgm_idx', { synchronize: false })
// The submissions list's search (migration ListIndexes).
@Index('call_name_trgm_idx', { synchronize: false })
// The submissions search, on the generated lower-cased copy (migration SearchFolded).
@Index('call_name_folded_trgm_idx', { synchronize: false })
@Check('call_dates_check', '"closing_at" > "opening_at"')
@Index('call_opening_closing_idx', ['openingAt', 'closingAt'])
export class CallEntity extends BaseEntity {
  @Index('call_name_idx')
  @Column({ type: 'varchar', length: 300 })
  name: string;

  /** `name` lower-cased, kept by PostgreSQL, for the submissions search (migration SearchFolded); never read or written here. */
  @FoldedCopy('name', 'name_folded')
  nameFolded?: string;

  /** Rich HTML, sanitized on save. */
  @Column({ type: 'text', default: '' })
  description: string;

  @Index('call_call_type_idx')
  @Column({ type: 'uuid' })
  callTypeId: string;

  @ManyToOne(() => CallTypeEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'call_type_id' })
  callType?: CallTypeEntity;

  @Column({ type: 'timestamptz' })
  openingAt: Date;

  @Column({ type: 'timestamptz' })
  closingAt: Date;

  /** Results are locked until this instant; cannot be changed once saved. */
  @Column({ type: 'timestamptz', nullable: true })
  callLockEnd: Date | null;

  @Column({ type: 'boolean', default: false })
  isUserFilterEnable: boolean;

  /** Comma-separated e-mail addresses allowed when isUserFilterEnable is on. */
  @Column({ type: 'text', default: '' })
  userFilterEmail: string;

  @Column({ type: 'boolean', default: false })
  enableUserDownloadPdf: boolean;

  /** The impact framework of the call's miniDyi steps (no foreign key: frameworks live in their own module). */
  @Column({ type: 'uuid', nullable: true })
  impactFrameworkId: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  powerBIWorkspaceID: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  powerBIReportID: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  userPowerBIWorkspaceID: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  userPowerBIReportID: string | null;

  /** A file offered to applicants for download (customFile {id, name}). */
  @Column({ type: 'uuid', nullable: true })
  customFileId: string | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  customFileName: string | null;
}

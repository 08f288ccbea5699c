import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../common/base.entity.js';
import { FoldedCopy } from '../../database/folded-column.js';

/** A person who signed in through the identity provider. */
@Entity('app_user')
// The console list's sorts, filters and search (migration ConsoleListIndexes).
@Index('app_user_first_name_idx', { synchronize: false })
@Index('app_user_last_name_idx', { synchronize: false })
@Index('app_user_created_idx', { synchronize: false })
@Index('app_user_last_login_idx', { synchronize: false })
@Index('app_user_last_login_desc_idx', { synchronize: false })
@Index('app_user_first_name_trgm_idx', { synchronize: false })
@Index('app_user_last_name_trgm_idx', { synchronize: false })
// The submissions list's search (migration ListIndexes).
@Index('app_user_email_trgm_idx', { synchronize: false })
// The submissions search, on the generated lower-cased copy (migration SearchFolded).
@Index('app_user_email_folded_trgm_idx', { synchronize: false })
@Index('app_user_subject_idx', ['issuer', 'subject'], { unique: true })
export class UserEntity extends BaseEntity {
  /** Lower-cased e-mail address. */
  @Index('app_user_email_idx', { unique: true })
  @Column({ type: 'varchar', length: 320 })
  email: string;

  /** `email` lower-cased, kept by PostgreSQL, for the submissions search (migration SearchFolded); never read or written here. */
  @FoldedCopy('email', 'email_folded')
  emailFolded?: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  firstName: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  lastName: string;

  /** Roles from the provider's `roles` claim plus ADMIN_EMAILS, refreshed at each sign-in. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  roles: string[];

  @Column({ type: 'varchar', length: 500 })
  issuer: string;

  @Column({ type: 'varchar', length: 255 })
  subject: string;

  @Column({ type: 'timestamptz', nullable: true })
  lastLoginAt: Date | null;

  /** The language the person last used in the applicant app (it, en, fr): messages go in it. */
  @Column({ type: 'varchar', length: 5, nullable: true })
  language: string | null;
}

import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createTrigramIndexes, type TrigramIndex } from './trigram-indexes.js';

/**
 * B-tree indexes of the other console lists: one per sort each offers (with `id`, the
 * tie-break) and per filter, where the existing ones do not serve already (see
 * docs/decisions/lists-performance.md for which one serves which sort).
 */
const BTREE: [name: string, table: string, definition: string][] = [
  // Users: ORDER BY x, id (NULLS LAST both ways for the nullable last login: a DESC index for DESC).
  // The e-mail sort walks the unique app_user_email_idx.
  ['app_user_first_name_idx', 'app_user', '(first_name, id)'],
  ['app_user_last_name_idx', 'app_user', '(last_name, id)'],
  ['app_user_created_idx', 'app_user', '(created_at, id)'],
  ['app_user_last_login_idx', 'app_user', '(last_login_at, id)'],
  ['app_user_last_login_desc_idx', 'app_user', '(last_login_at DESC NULLS LAST, id)'],
  // Messages: the default sort (newest first: backward). Filters: state, call and batch have their
  // indexes (Messages1795523111971). No more: a message row is written three or four times on its
  // way out (queued, claimed, sent), each write changing indexed columns, so every index is paid
  // on each; an index per sort and the trigram indexes made a close (its confirmation's insert)
  // dearer and slowed the deadline rush. The other sorts and the search read the
  // rows of the filter (docs/decisions/lists-performance.md).
  ['message_list_created_idx', 'message', '(created_at NULLS FIRST, id)'],
  // Organizations (name, city, country: their own indexes); archived_at also the archived filter.
  ['organization_reg_number_idx', 'organization', '(reg_number, id)'],
  ['organization_contact_email_idx', 'organization', '(contact_email, id)'],
  ['organization_created_idx', 'organization', '(created_at, id)'],
  ['organization_archived_idx', 'organization', '(archived_at, id)'],
  // Calls (console list and Power BI list; name: call_name_idx, opening: call_opening_closing_idx).
  ['call_closing_idx', 'call', '(closing_at, id)'],
  ['call_created_idx', 'call', '(created_at, id)'],
  ['call_updated_idx', 'call', '(updated_at, id)'],
  ['call_lock_end_idx', 'call', '(call_lock_end, id)'],
  // The file library: WHERE purpose = $1 ORDER BY x, id.
  ['attachment_list_created_idx', 'attachment', '(purpose, created_at, id)'],
  ['attachment_list_file_name_idx', 'attachment', '(purpose, file_name, id)'],
  ['attachment_list_dimensions_idx', 'attachment', '(purpose, dimensions, id)'],
  ['attachment_list_mime_type_idx', 'attachment', '(purpose, mime_type, id)'],
  // Impact frameworks: the default sort (newest first); name has impact_framework_name_idx.
  ['impact_framework_created_idx', 'impact_framework', '(created_at, id)'],
];

/** Trigram indexes of the lists' searches (`ILIKE '%q%'`), when pg_trgm is there (see ListIndexes1795700000000). */
const TRIGRAM: TrigramIndex[] = [
  // app_user.email, organization.name and call.name have theirs (ListIndexes1795700000000).
  ['app_user_first_name_trgm_idx', 'app_user', 'first_name'],
  ['app_user_last_name_trgm_idx', 'app_user', 'last_name'],
  ['organization_reg_number_trgm_idx', 'organization', 'reg_number'],
  ['organization_city_trgm_idx', 'organization', 'city_name'],
  ['organization_contact_email_trgm_idx', 'organization', 'contact_email'],
  // The country filter is `ILIKE $1` (case-insensitive equality): a trigram index serves it.
  ['organization_country_trgm_idx', 'organization', 'country'],
  ['call_description_trgm_idx', 'call', 'description'],
  ['attachment_file_name_trgm_idx', 'attachment', 'file_name'],
];

/**
 * "same for every console list": the users, messages, organizations, calls (and the
 * Power BI calls), files and impact frameworks lists get an index for each sort and filter and
 * trigram indexes for their searches; without pg_trgm the migration still runs (the searches
 * then scan).
 */
export class ConsoleListIndexes1795800000000 implements MigrationInterface {
  name = 'ConsoleListIndexes1795800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const [name, table, definition] of BTREE) await queryRunner.query(`CREATE INDEX "${name}" ON "${table}" ${definition}`);
    await createTrigramIndexes(queryRunner, TRIGRAM, 'the console lists search');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [name] of [...TRIGRAM, ...BTREE].reverse()) await queryRunner.query(`DROP INDEX IF EXISTS "public"."${name}"`);
  }
}

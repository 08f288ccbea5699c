import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createTrigramIndexes, type TrigramIndex } from './trigram-indexes.js';

/** B-tree indexes of the console's submissions list: one per sort it offers (with `id`, the tie-break) and per filter. */
const BTREE: [name: string, table: string, definition: string][] = [
  // (opened_at, id), the default sort, is SubmissionListOrder1795610000000's (the Excel export's order too).
  // A boolean: backward would give id DESC within each value, so DESC has its own.
  ['call_submission_closed_idx', 'call_submission', '(closed, id)'],
  ['call_submission_closed_desc_idx', 'call_submission', '(closed DESC, id)'],
  // Nullable: ASC NULLS FIRST forward, DESC NULLS LAST backward (id then sorted within equal values).
  ['call_submission_submitted_idx', 'call_submission', '(submitted_at NULLS FIRST, id)'],
  ['call_submission_last_submitted_idx', 'call_submission', '(last_submitted_at NULLS FIRST, id)'],
  ['call_submission_closed_at_idx', 'call_submission', '(closed_at NULLS FIRST, id)'],
  ['call_submission_quiz_score_idx', 'call_submission', '(quiz_score NULLS FIRST, id)'],
  ['call_submission_sroi_score_idx', 'call_submission', '(sroi_score NULLS FIRST, id)'],
  // The search's user e-mail and the user's submissions (also what deleting a user checks).
  ['call_submission_user_idx', 'call_submission', '(user_id)'],
  ['organization_country_idx', 'organization', '(country)'],
  ['organization_city_idx', 'organization', '(city_name)'],
];

/** GIN indexes of the miniDyi filters (SDG, outcome, indicator: `@>`). */
const GIN: [name: string, table: string, definition: string][] = [
  ['submission_impact_sdgs_idx', 'submission_impact', '(sdgs)'],
  ['submission_impact_outcomes_idx', 'submission_impact', '(outcome_ids)'],
  ['submission_impact_indicators_idx', 'submission_impact', '(indicator_ids)'],
];

/** Trigram indexes of the list's search (`ILIKE '%q%'` on these four columns), when pg_trgm is there. */
const TRIGRAM: TrigramIndex[] = [
  ['call_submission_code_trgm_idx', 'call_submission', 'code'],
  ['organization_name_trgm_idx', 'organization', 'name'],
  ['call_name_trgm_idx', 'call', 'name'],
  ['app_user_email_trgm_idx', 'app_user', 'email'],
];

/**
 * the console's submissions list stays fast at 100,000 submissions. Every sort and
 * filter the list offers has an index, and the search (`ILIKE '%q%'`) trigram indexes. pg_trgm
 * ships with PostgreSQL's contrib (the embedded server has it, Debian's and the official
 * images too) and is a trusted extension (PostgreSQL 13+: a database owner may create it); a
 * server without it still migrates: the search then works without those indexes (scans), and
 * the log says so.
 */
export class ListIndexes1795700000000 implements MigrationInterface {
  name = 'ListIndexes1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const [name, table, definition] of BTREE) await queryRunner.query(`CREATE INDEX "${name}" ON "${table}" ${definition}`);
    for (const [name, table, definition] of GIN) await queryRunner.query(`CREATE INDEX "${name}" ON "${table}" USING gin ${definition}`);
    await createTrigramIndexes(queryRunner, TRIGRAM, 'the submissions search runs');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [name] of [...TRIGRAM, ...GIN, ...BTREE].reverse()) await queryRunner.query(`DROP INDEX IF EXISTS "public"."${name}"`);
  }
}

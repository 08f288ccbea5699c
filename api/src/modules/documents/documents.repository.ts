import { Injectable } from '@nestjs/common';
import { Sql } from '../../database/sql.js';
import type { SubmissionFilter } from '../submissions/submission.repository.js';
import { SUBMITTED_ORGANIZATION_JOIN } from '../submissions/submitted-organization.js';
import type { DocumentAttachment, DocumentResult } from './submission-document.js';
import { likeContains } from '../../common/http/like.js';

/** A submission with its call, organization and user: what every document of it starts from. */
export interface SubmissionHead {
  id: string;
  code: string;
  closed: boolean;
  openedAt: Date;
  submittedAt: Date | null;
  closedAt: Date | null;
  quizScore: number | null;
  sroiScore: number | null;
  callId: string;
  callName: string;
  callTypeId: string;
  enableUserDownloadPdf: boolean;
  isUserFilterEnable: boolean;
  userFilterEmail: string;
  organizationId: string;
  organization: {
    name: string;
    regNumber: string;
    streetName: string;
    cityName: string;
    country: string;
    dateOfFoundation: string | null;
    contactName: string;
    contactSurname: string;
    contactRole: string;
    contactEmail: string;
  };
  user: { firstName: string; lastName: string; email: string } | null;
}

/** A submission of an export as its later sheets need it: the code, the call type and the keyset cursor. */
export interface ExportKey {
  id: string;
  code: string;
  callTypeId: string;
  cursor: string;
}

/** One row of the export's first sheet, with the keyset cursor of its page. */
export interface ExportRow extends SubmissionHead, ExportKey {
  budget: number | null;
  budgetSpent: number | null;
}

export interface ExportCursor {
  openedAt: string;
  id: string;
}

/** SubmissionHead's columns, aliased to its fields; the organization and the user as small JSON objects. */
const HEAD = `s.id, s.code, s.closed, s.opened_at AS "openedAt", s.submitted_at AS "submittedAt", s.closed_at AS "closedAt",
  s.quiz_score::float8 AS "quizScore", s.sroi_score::float8 AS "sroiScore", c.id AS "callId", c.name AS "callName",
  c.call_type_id AS "callTypeId", c.enable_user_download_pdf AS "enableUserDownloadPdf", c.is_user_filter_enable AS "isUserFilterEnable",
  c.user_filter_email AS "userFilterEmail", s.organization_id AS "organizationId",
  json_build_object('name', o.name, 'regNumber', o.reg_number, 'streetName', o.street_name, 'cityName', o.city_name,
    'country', o.country, 'dateOfFoundation', to_char(o.date_of_foundation, 'YYYY-MM-DD'), 'contactName', o.contact_name,
    'contactSurname', o.contact_surname, 'contactRole', o.contact_role, 'contactEmail', o.contact_email) AS organization,
  CASE WHEN u.id IS NOT NULL THEN json_build_object('firstName', u.first_name, 'lastName', u.last_name, 'email', u.email) END AS "user"`;
const FROM = `FROM call_submission s JOIN call c ON c.id = s.call_id ${SUBMITTED_ORGANIZATION_JOIN('s', 'o')} LEFT JOIN app_user u ON u.id = s.user_id`;
const whereOf = (where: string[]) => (where.length ? `WHERE ${where.join(' AND ')}` : '');

/**
 * The WHERE conditions of the console's submission filters (the same ones as the submissions
 * list: call, organization, status, text search, opened and submitted dates), with their
 * parameters appended to `params`. A test checks that the export selects what the list shows.
 */
export function filterConditions(filter: SubmissionFilter, params: unknown[]): string[] {
  const where: string[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (filter.callId) where.push(`s.call_id = ${p(filter.callId)}`);
  if (filter.organizationId) where.push(`s.organization_id = ${p(filter.organizationId)}`);
  if (filter.status) where.push(`s.closed = ${p(filter.status === 'closed')}`);
  if (filter.openedFrom) where.push(`s.opened_at >= ${p(filter.openedFrom)}`);
  if (filter.openedTo) where.push(`s.opened_at <= ${p(filter.openedTo)}`);
  if (filter.submittedFrom) where.push(`s.submitted_at >= ${p(filter.submittedFrom)}`);
  if (filter.submittedTo) where.push(`s.submitted_at <= ${p(filter.submittedTo)}`);
  if (filter.q) {
    const q = p(likeContains(filter.q));
    // Today's name, as the console list searches it, so the export selects what the list shows.
    where.push(`(o_now.name ILIKE ${q} OR s.code ILIKE ${q} OR c.name ILIKE ${q} OR u.email ILIKE ${q})`);
  }
  return where;
}

/** Queries of the documents module (PDF, Excel export, archives); no rule lives here. */
@Injectable()
export class DocumentsRepository {
  constructor(private readonly sql: Sql) {}

  async head(submissionId: string): Promise<SubmissionHead | undefined> {
    const [row] = await this.sql.rows<SubmissionHead>('documents-head', `SELECT ${HEAD} ${FROM} WHERE s.id = $1`, [submissionId]);
    return row;
  }

  async results(submissionIds: string[]): Promise<Map<string, Map<string, DocumentResult>>> {
    const rows = await this.sql.rows<DocumentResult & { submissionId: string; stepId: string }>(
      'documents-results',
      'SELECT submission_id AS "submissionId", step_id AS "stepId", content, score::float8 AS score FROM step_result WHERE submission_id = ANY($1::uuid[])',
      [submissionIds],
    );
    const out = new Map<string, Map<string, DocumentResult>>();
    for (const { submissionId, stepId, ...result } of rows) {
      let m = out.get(submissionId);
      if (!m) out.set(submissionId, (m = new Map()));
      m.set(stepId, result);
    }
    return out;
  }

  async attachments(submissionIds: string[]): Promise<Map<string, DocumentAttachment[]>> {
    const rows = await this.sql.rows<DocumentAttachment & { submissionId: string }>(
      'documents-attachments',
      `SELECT a.submission_id AS "submissionId", a.step_id AS "stepId", a.slot_index AS "slotIndex", a.file_name AS "fileName",
              a.dimensions AS size, a.description, coalesce(t.code, '') AS type, a.download_id AS "downloadId", a.storage_key AS "storageKey"
         FROM attachment a LEFT JOIN attachment_type t ON t.id = a.attachment_type_id
        WHERE a.submission_id = ANY($1::uuid[]) AND a.purpose = 'submission'
        ORDER BY a.submission_id, a.step_id, a.slot_index NULLS LAST, a.created_at`,
      [submissionIds],
    );
    const out = new Map<string, DocumentAttachment[]>();
    for (const { submissionId, ...attachment } of rows) {
      let list = out.get(submissionId);
      if (!list) out.set(submissionId, (list = []));
      list.push(attachment);
    }
    return out;
  }

  /** The active configuration's logo and name (none before any configuration exists). */
  async logo(): Promise<{ logoBase64: string | null; logoWidth: number; logoHeight: number; name: string } | undefined> {
    const [row] = await this.sql.rows<{ logoBase64: string | null; logoWidth: number; logoHeight: number; name: string }>(
      'documents-logo',
      'SELECT logo_base64 AS "logoBase64", logo_width AS "logoWidth", logo_height AS "logoHeight", name FROM configuration WHERE is_active LIMIT 1',
      [],
    );
    return row;
  }

  async count(filter: SubmissionFilter): Promise<number> {
    const params: unknown[] = [];
    const where = filterConditions(filter, params);
    const [row] = await this.sql.query<{ n: number }>(`SELECT count(*)::int AS n ${FROM} ${whereOf(where)}`, params);
    return row?.n ?? 0;
  }

  /** The call types of the selection's submissions (the export's miniDyi sheet reads the selection again only if one has such a step). */
  async callTypes(filter: SubmissionFilter): Promise<string[]> {
    const params: unknown[] = [];
    const where = filterConditions(filter, params);
    const rows = await this.sql.query<{ id: string }>(`SELECT DISTINCT c.call_type_id AS id ${FROM} ${whereOf(where)}`, params);
    return rows.map((r) => r.id);
  }

  /**
   * One page of the selection, newest first (the list's default order), after `cursor`:
   * keyset paging on the list-order indexes, so an export of any size reads pages of the same
   * cost. The cursor is the opened date as PostgreSQL's own text (no precision lost) and the id.
   */
  page(filter: SubmissionFilter, cursor: ExportCursor | undefined, limit: number, withBudget = true): Promise<ExportRow[]> {
    // Budgets of the submission's miniDyi steps (numbers only: the miniDyi hook stores them so).
    const budget = (field: string) => `(SELECT sum((r.content->>'${field}')::numeric)::float8 FROM step_result r
         JOIN step st ON st.id = r.step_id JOIN step_type ty ON ty.id = st.step_type_id
        WHERE r.submission_id = s.id AND ty.name = 'miniDyi' AND jsonb_typeof(r.content->'${field}') = 'number')`;
    const budgets = withBudget
      ? `${budget('budget')} AS budget, ${budget('budgetSpent')} AS "budgetSpent"`
      : 'NULL AS budget, NULL AS "budgetSpent"';
    return this.ordered(`${HEAD}, s.opened_at::text AS cursor, ${budgets}`, filter, cursor, limit);
  }

  /** The same page as `page` with the code and call type only. */
  keys(filter: SubmissionFilter, cursor: ExportCursor | undefined, limit: number): Promise<ExportKey[]> {
    return this.ordered('s.id, s.code, c.call_type_id AS "callTypeId", s.opened_at::text AS cursor', filter, cursor, limit);
  }

  private ordered<T>(columns: string, filter: SubmissionFilter, cursor: ExportCursor | undefined, limit: number): Promise<T[]> {
    const params: unknown[] = [];
    const where = filterConditions(filter, params);
    if (cursor) {
      params.push(cursor.openedAt, cursor.id);
      where.push(`(s.opened_at, s.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    params.push(limit);
    return this.sql.query<T>(
      `SELECT ${columns} ${FROM} ${whereOf(where)} ORDER BY s.opened_at DESC, s.id DESC LIMIT $${params.length}`,
      params,
    );
  }
}

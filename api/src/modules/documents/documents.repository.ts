import { Injectable } from '@nestjs/common';
import { Sql } from '../../database/sql.js';
import type { SubmissionFilter } from '../submissions/submission.repository.js';
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

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const HEAD = `s.id, s.code, s.closed, s.opened_at, s.submitted_at, s.closed_at, s.quiz_score, s.sroi_score, s.organization_id,
  c.id AS call_id, c.name AS call_name, c.call_type_id, c.enable_user_download_pdf, c.is_user_filter_enable, c.user_filter_email,
  o.name AS org_name, o.reg_number, o.street_name, o.city_name, o.country, to_char(o.date_of_foundation, 'YYYY-MM-DD') AS date_of_foundation,
  o.contact_name, o.contact_surname, o.contact_role, o.contact_email,
  u.id AS user_id, u.first_name, u.last_name, u.email AS user_email`;
const FROM = `FROM call_submission s JOIN call c ON c.id = s.call_id JOIN organization o ON o.id = s.organization_id LEFT JOIN app_user u ON u.id = s.user_id`;

function head(r: Record<string, unknown>): SubmissionHead {
  return {
    id: r.id as string,
    code: r.code as string,
    closed: r.closed as boolean,
    openedAt: r.opened_at as Date,
    submittedAt: (r.submitted_at as Date | null) ?? null,
    closedAt: (r.closed_at as Date | null) ?? null,
    quizScore: num(r.quiz_score),
    sroiScore: num(r.sroi_score),
    callId: r.call_id as string,
    callName: r.call_name as string,
    callTypeId: r.call_type_id as string,
    enableUserDownloadPdf: r.enable_user_download_pdf as boolean,
    isUserFilterEnable: r.is_user_filter_enable as boolean,
    userFilterEmail: r.user_filter_email as string,
    organizationId: r.organization_id as string,
    organization: {
      name: r.org_name as string,
      regNumber: r.reg_number as string,
      streetName: r.street_name as string,
      cityName: r.city_name as string,
      country: r.country as string,
      dateOfFoundation: (r.date_of_foundation as string | null) ?? null,
      contactName: r.contact_name as string,
      contactSurname: r.contact_surname as string,
      contactRole: r.contact_role as string,
      contactEmail: r.contact_email as string,
    },
    user: r.user_id ? { firstName: r.first_name as string, lastName: r.last_name as string, email: r.user_email as string } : null,
  };
}

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
    where.push(`(o.name ILIKE ${q} OR s.code ILIKE ${q} OR c.name ILIKE ${q} OR u.email ILIKE ${q})`);
  }
  return where;
}

/** Queries of the documents module (PDF, Excel export, archives); no rule lives here. */
@Injectable()
export class DocumentsRepository {
  constructor(private readonly sql: Sql) {}

  async head(submissionId: string): Promise<SubmissionHead | undefined> {
    const rows = await this.sql.rows<Record<string, unknown>>('documents-head', `SELECT ${HEAD} ${FROM} WHERE s.id = $1`, [submissionId]);
    return rows.length ? head(rows[0]) : undefined;
  }

  async results(submissionIds: string[]): Promise<Map<string, Map<string, DocumentResult>>> {
    const rows = await this.sql.rows<{ submission_id: string; step_id: string; content: unknown; score: string | null }>(
      'documents-results',
      'SELECT submission_id, step_id, content, score FROM step_result WHERE submission_id = ANY($1::uuid[])',
      [submissionIds],
    );
    const out = new Map<string, Map<string, DocumentResult>>();
    for (const r of rows) {
      let m = out.get(r.submission_id);
      if (!m) out.set(r.submission_id, (m = new Map()));
      m.set(r.step_id, { content: r.content, score: num(r.score) });
    }
    return out;
  }

  async attachments(submissionIds: string[]): Promise<Map<string, DocumentAttachment[]>> {
    const rows = await this.sql.rows<Record<string, unknown>>(
      'documents-attachments',
      `SELECT a.submission_id, a.step_id, a.slot_index, a.file_name, a.dimensions, a.description, a.download_id, a.storage_key, t.code
         FROM attachment a LEFT JOIN attachment_type t ON t.id = a.attachment_type_id
        WHERE a.submission_id = ANY($1::uuid[]) AND a.purpose = 'submission'
        ORDER BY a.submission_id, a.step_id, a.slot_index NULLS LAST, a.created_at`,
      [submissionIds],
    );
    const out = new Map<string, DocumentAttachment[]>();
    for (const r of rows) {
      const id = r.submission_id as string;
      let list = out.get(id);
      if (!list) out.set(id, (list = []));
      list.push({
        stepId: (r.step_id as string | null) ?? null,
        slotIndex: (r.slot_index as number | null) ?? null,
        fileName: r.file_name as string,
        size: r.dimensions as number,
        description: r.description as string,
        type: (r.code as string | null) ?? '',
        downloadId: r.download_id as string,
        storageKey: r.storage_key as string,
      });
    }
    return out;
  }

  /** The active configuration's logo and name (none before any configuration exists). */
  async logo(): Promise<{ logoBase64: string | null; logoWidth: number; logoHeight: number; name: string } | undefined> {
    const rows = await this.sql.rows<{ logo_base64: string | null; logo_width: number; logo_height: number; name: string }>(
      'documents-logo',
      'SELECT logo_base64, logo_width, logo_height, name FROM configuration WHERE is_active LIMIT 1',
      [],
    );
    const r = rows[0];
    return r && { logoBase64: r.logo_base64, logoWidth: r.logo_width, logoHeight: r.logo_height, name: r.name };
  }

  async count(filter: SubmissionFilter): Promise<number> {
    const params: unknown[] = [];
    const where = filterConditions(filter, params);
    // Unnamed statement: its text depends on the filters given.
    const rows = await this.sql.rows<{ n: number }>(
      '',
      `SELECT count(*)::int AS n ${FROM} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
      params,
    );
    return rows[0]?.n ?? 0;
  }

  /** The call types of the selection's submissions (the export's miniDyi sheet reads the selection again only if one has such a step). */
  async callTypes(filter: SubmissionFilter): Promise<string[]> {
    const params: unknown[] = [];
    const where = filterConditions(filter, params);
    const rows = await this.sql.rows<{ call_type_id: string }>(
      '',
      `SELECT DISTINCT c.call_type_id ${FROM} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
      params,
    );
    return rows.map((r) => r.call_type_id);
  }

  /**
   * One page of the selection, newest first (the list's default order), after `cursor`:
   * keyset paging on the list-order indexes, so an export of any size reads pages of the same
   * cost. The cursor is the opened date as PostgreSQL's own text (no precision lost) and the id.
   */
  async page(filter: SubmissionFilter, cursor: ExportCursor | undefined, limit: number, withBudget = true): Promise<ExportRow[]> {
    // Budgets of the submission's miniDyi steps (numbers only: the miniDyi hook stores them so).
    const budget = (field: string) => `(SELECT sum((r.content->>'${field}')::numeric) FROM step_result r
         JOIN step st ON st.id = r.step_id JOIN step_type ty ON ty.id = st.step_type_id
        WHERE r.submission_id = s.id AND ty.name = 'miniDyi' AND jsonb_typeof(r.content->'${field}') = 'number')`;
    const rows = await this.ordered(
      `${HEAD}, s.opened_at::text AS cursor_at${withBudget ? `, ${budget('budget')} AS budget, ${budget('budgetSpent')} AS budget_spent` : ''}`,
      filter,
      cursor,
      limit,
    );
    // The head's object completed in place: a spread of its 20 fields into a new literal made a
    // dictionary-mode object of some 2.5 kB per row (measured in the export's heap profile).
    return rows.map((r) =>
      Object.assign(head(r), { cursor: r.cursor_at as string, budget: num(r.budget), budgetSpent: num(r.budget_spent) }),
    );
  }

  /** The same page as `page` with the code and call type only. */
  async keys(filter: SubmissionFilter, cursor: ExportCursor | undefined, limit: number): Promise<ExportKey[]> {
    const rows = await this.ordered('s.id, s.code, c.call_type_id, s.opened_at::text AS cursor_at', filter, cursor, limit);
    return rows.map((r) => ({
      id: r.id as string,
      code: r.code as string,
      callTypeId: r.call_type_id as string,
      cursor: r.cursor_at as string,
    }));
  }

  private ordered(
    columns: string,
    filter: SubmissionFilter,
    cursor: ExportCursor | undefined,
    limit: number,
  ): Promise<Record<string, unknown>[]> {
    const params: unknown[] = [];
    const where = filterConditions(filter, params);
    if (cursor) {
      params.push(cursor.openedAt, cursor.id);
      where.push(`(s.opened_at, s.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    params.push(limit);
    // Unnamed statement: its text depends on the filters given.
    return this.sql.rows<Record<string, unknown>>(
      '',
      `SELECT ${columns} ${FROM} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY s.opened_at DESC, s.id DESC LIMIT $${params.length}`,
      params,
    );
  }
}

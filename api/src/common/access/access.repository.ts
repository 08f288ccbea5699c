import { Injectable } from '@nestjs/common';
import type { CallTiming, EmailFiltered } from '@impact-calls/domain';
import { Sql } from '../../database/sql.js';

/** What the e-mail filter and the open/closed rule read of a call. */
export type CallFacts = CallTiming & EmailFiltered;

/** What the submission rules read of a submission: its organization, its state, its call. */
export interface SubmissionFacts {
  organizationId: string;
  closed: boolean;
  call: CallFacts;
}

/** What the PDF rule reads besides: whether the submission's call lets applicants download it. */
export interface SubmissionPdfFacts extends SubmissionFacts {
  enableUserDownloadPdf: boolean;
}

/** What the report rule reads of a call: the e-mail filter and the end of its lock. */
export type ReportCallFacts = EmailFiltered & { callLockEnd?: string | Date | null };

/** What the file rules read of an attachment. */
export interface AttachmentFacts {
  purpose: string;
  /** The submission a submission file belongs to (null for console files). */
  submission: SubmissionFacts | null;
  /** The calls offering a custom file. */
  customFileCalls: CallFacts[];
}

const CALL_COLUMNS = `is_user_filter_enable AS "isUserFilterEnable", user_filter_email AS "userFilterEmail",
  opening_at AS "openingAt", closing_at AS "closingAt", call_lock_end AS "callLockEnd"`;
const CALL_JSON = (
  c: string,
) => `json_build_object('isUserFilterEnable', ${c}.is_user_filter_enable, 'userFilterEmail', ${c}.user_filter_email,
  'openingAt', ${c}.opening_at, 'closingAt', ${c}.closing_at)`;

type Row<T> = T & { id: string };

/**
 * The facts every access decision reads, for a SET of ids in one statement each (immich's
 * access repository): the rules themselves live in AccessPolicy. The only SQL of the API that
 * crosses every module's tables, on purpose: access is decided in one place.
 */
@Injectable()
export class AccessRepository {
  constructor(private readonly sql: Sql) {}

  /** Each call's facts, with its lock end (call.report). */
  async calls(ids: string[]): Promise<Map<string, CallFacts & ReportCallFacts>> {
    const rows = await this.sql.rows<Row<CallFacts & ReportCallFacts>>(
      'access-calls',
      `SELECT id, ${CALL_COLUMNS} FROM call WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    return new Map(rows.map(({ id, ...facts }) => [id, facts]));
  }

  /** The calls using each call type. */
  async callsOfCallTypes(ids: string[]): Promise<Map<string, CallFacts[]>> {
    const rows = await this.sql.rows<Row<CallFacts>>(
      'access-call-types',
      `SELECT call_type_id AS id, ${CALL_COLUMNS} FROM call WHERE call_type_id = ANY($1::uuid[])`,
      [ids],
    );
    const found = new Map<string, CallFacts[]>();
    for (const { id, ...facts } of rows) found.set(id, [...(found.get(id) ?? []), facts]);
    return found;
  }

  async submissions(ids: string[]): Promise<Map<string, SubmissionPdfFacts>> {
    const rows = await this.sql.rows<Row<SubmissionPdfFacts>>(
      'access-submissions',
      `SELECT s.id, s.organization_id AS "organizationId", s.closed, ${CALL_JSON('c')} AS call,
              c.enable_user_download_pdf AS "enableUserDownloadPdf"
         FROM call_submission s JOIN call c ON c.id = s.call_id WHERE s.id = ANY($1::uuid[])`,
      [ids],
    );
    return new Map(rows.map(({ id, ...facts }) => [id, facts]));
  }

  async attachments(ids: string[]): Promise<Map<string, AttachmentFacts>> {
    const rows = await this.sql.rows<{
      id: string;
      purpose: string;
      organizationId: string | null;
      closed: boolean | null;
      call: CallFacts | null;
      customFileCalls: CallFacts[];
    }>(
      'access-attachments',
      `SELECT a.id, a.purpose, s.organization_id AS "organizationId", s.closed,
              CASE WHEN c.id IS NULL THEN NULL ELSE ${CALL_JSON('c')} END AS call,
              CASE WHEN a.purpose = 'custom-file'
                THEN (SELECT coalesce(json_agg(${CALL_JSON('o')}), '[]') FROM call o WHERE o.custom_file_id = a.download_id)
                ELSE '[]' END AS "customFileCalls"
         FROM attachment a
         LEFT JOIN call_submission s ON s.id = a.submission_id
         LEFT JOIN call c ON c.id = s.call_id
        WHERE a.id = ANY($1::uuid[])`,
      [ids],
    );
    return new Map(
      rows.map((r) => [
        r.id,
        {
          purpose: r.purpose,
          submission: r.call && r.organizationId ? { organizationId: r.organizationId, closed: !!r.closed, call: r.call } : null,
          customFileCalls: r.customFileCalls,
        },
      ]),
    );
  }
}

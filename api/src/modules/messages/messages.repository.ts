import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool, PoolClient } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { ISO_UTC, Sql } from '../../database/sql.js';
import { CALL_IS_OPEN } from '../calls/call-open.sql.js';
import type { MessageDetailDto, MessageDto } from './dto/messages.dto.js';
import type { MessageKind, MessageState } from './message.entity.js';
import { likeContains } from '../../common/http/like.js';
import { countOrEstimate } from '../../common/http/list-count.js';

/** A message row as the sender and the console read it (columns aliased to the fields). */
export interface MessageRow {
  id: string;
  kind: MessageKind;
  state: MessageState;
  userId: string | null;
  submissionId: string | null;
  callId: string | null;
  organizationId: string | null;
  batchId: string | null;
  params: Record<string, unknown> | null;
  toAddress: string | null;
  ccAddress: string | null;
  language: string | null;
  subject: string | null;
  html: string | null;
  text: string | null;
  attachments: { filename: string; contentType: string; size: number }[] | null;
  attempts: number;
  lastError: string | null;
  transport: string | null;
  createdAt: Date;
  updatedAt: Date;
  sentAt: Date | null;
}

const MESSAGE_COLUMNS = `m.id, m.kind, m.state, m.user_id AS "userId", m.submission_id AS "submissionId", m.call_id AS "callId",
  m.organization_id AS "organizationId", m.batch_id AS "batchId", m.params, m.to_address AS "toAddress", m.cc_address AS "ccAddress",
  m.language, m.subject, m.html, m.text, m.attachments, m.attempts, m.last_error AS "lastError", m.transport,
  m.created_at AS "createdAt", m.updated_at AS "updatedAt", m.sent_at AS "sentAt"`;
/** MessageDto's columns: the console's list and, with the content, its detail. */
const DTO_COLUMNS = `m.id, m.kind, m.state, m.to_address AS "toAddress", m.cc_address AS "ccAddress", m.language, m.subject, m.attempts,
  m.last_error AS "lastError", m.transport, m.call_id AS "callId", m.submission_id AS "submissionId", m.batch_id AS "batchId",
  ${ISO_UTC('m.created_at')} AS "createdAt", ${ISO_UTC('m.updated_at')} AS "updatedAt", ${ISO_UTC('m.sent_at')} AS "sentAt"`;

/** What rendering a message needs besides its row: the people, the submission and the call. */
export interface MessageContext {
  id: string;
  userEmail: string | null;
  userFirstName: string | null;
  userLastName: string | null;
  userLanguage: string | null;
  organizationName: string | null;
  contactEmail: string | null;
  contactName: string | null;
  submissionCode: string | null;
  submittedAt: Date | null;
  callName: string | null;
  closingAt: Date | null;
  enableUserDownloadPdf: boolean | null;
  batchSubject: string | null;
  batchHtml: string | null;
}

export interface BrandingRow {
  name: string;
  defaultLanguage: string;
  logoBase64: string | null;
  logoWidth: number;
  logoHeight: number;
}

/** A step of a submission with its answer, for the confirmation's summary. */
export interface SummaryStep {
  name: string;
  kind: string;
  content: unknown;
  answer: unknown;
  files: string[];
}

export type Audience = 'not-started' | 'in-progress' | 'submitted';

export interface RecipientQuery {
  callId: string | null;
  states: Audience[];
  addresses: string[];
  /**
   * Who may see the call, as the access policy answers it (AccessPolicy.callReaders): null for
   * everyone, else the addresses of its e-mail filter. Members of organizations that have not
   * started the call are chosen among these only; the query applies it, the policy decides it.
   */
  readers: string[] | null;
}

/** Who a preview greets: the call's name and the first recipient of the selection (none: only the call). */
export interface PreviewRecipient {
  callName: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  contactName: string | null;
  organizationName: string | null;
}

export interface Settlement {
  id: string;
  state: MessageState;
  error: string | null;
  transport: string | null;
  /** The message as rendered by this attempt (kept with its row), when it was never rendered before. */
  rendering?: Rendering;
}

export interface Rendering {
  id: string;
  toAddress: string | null;
  ccAddress: string | null;
  language: string;
  subject: string;
  html: string;
  text: string;
}

const SORT: Record<string, string> = {
  createdAt: 'm.created_at',
  sentAt: 'm.sent_at',
  state: 'm.state',
  kind: 'm.kind',
  toAddress: 'm.to_address',
  subject: 'm.subject',
  attempts: 'm.attempts',
};
export const MESSAGE_SORTABLE = Object.keys(SORT);

export interface MessageFilter {
  q?: string;
  state?: MessageState;
  kind?: MessageKind;
  callId?: string;
  batchId?: string;
}

/**
 * The recipients of an administrator's message, one per address (lower-cased): the people who
 * started the call's submissions (in progress or submitted), the members of organizations that
 * have not started it (those who may see the call: $4, the policy's readers, null for everyone),
 * and explicit addresses (a known user's address keeps that user, for their language).
 * $1 call (or null), $2 states, $3 addresses, $4 readers.
 */
const RECIPIENTS = `recipients AS (
  SELECT DISTINCT ON (r.email) r.email, r.user_id, r.submission_id, r.organization_id, r.rank
    FROM (
      SELECT lower(u.email) AS email, u.id AS user_id, s.id AS submission_id, s.organization_id, 0 AS rank
        FROM call_submission s JOIN app_user u ON u.id = s.user_id
       WHERE s.call_id = $1 AND ((NOT s.closed AND 'in-progress' = ANY($2::text[])) OR (s.closed AND 'submitted' = ANY($2::text[])))
      UNION ALL
      SELECT lower(u.email), u.id, NULL, min(om.organization_id::text)::uuid, 1
        FROM app_user u JOIN organization_member om ON om.user_id = u.id JOIN call c ON c.id = $1
       WHERE 'not-started' = ANY($2::text[])
         AND NOT EXISTS (SELECT 1 FROM organization_member om2 JOIN call_submission s2 ON s2.organization_id = om2.organization_id
                          WHERE om2.user_id = u.id AND s2.call_id = $1)
         AND ($4::text[] IS NULL OR lower(u.email) = ANY($4::text[]))
       GROUP BY u.id, u.email
      UNION ALL
      SELECT a.email, u.id, NULL, NULL, 2
        FROM unnest($3::text[]) AS a(email) LEFT JOIN app_user u ON u.email = a.email
    ) r
   ORDER BY r.email, r.rank)`;

/** Queries of messaging; no rule lives here. */
export type SubmissionMessageKind = 'submission-confirmation' | 'submission-reopened';
const DEDUPE_PREFIX: Record<SubmissionMessageKind, string> = {
  'submission-confirmation': 'confirmation',
  'submission-reopened': 'reopened',
};

/** The submission a confirmation or reopen notice is about, at the version its close or reopen wrote. */
export interface SubmissionMessageSource {
  id: string;
  userId: string;
  callId: string;
  organizationId: string;
  version: number;
}

@Injectable()
export class MessagesRepository {
  private readonly pool: Pool;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sql: Sql,
  ) {
    this.pool = (db.driver as PostgresDriver).master as Pool;
  }

  /**
   * Queues a submission's own message in the caller's transaction (`m`): it exists only if the
   * close or reopen commits. Once per submission version: a retried request queues nothing twice.
   */
  async queueSubmissionMessage(m: EntityManager, kind: SubmissionMessageKind, s: SubmissionMessageSource): Promise<void> {
    await m.query(
      `INSERT INTO message (kind, user_id, submission_id, call_id, organization_id, dedupe_key)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (dedupe_key) DO NOTHING`,
      [kind, s.userId, s.id, s.callId, s.organizationId, `${DEDUPE_PREFIX[kind]}:${s.id}:${s.version}`],
    );
  }

  /** Runs `work` in a transaction on one pooled connection (handed to pg-boss as its `db` too). */
  async transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }

  // ------------------------------------------------------------ queueing

  /** Whether any message waits for a job: none yet, or its attempt's lease ran out (cheap probes of two partial indexes). */
  async hasUnqueued(): Promise<boolean> {
    const rows = await this.sql.rows(
      'messages-has-unqueued',
      `SELECT 1 WHERE EXISTS (SELECT 1 FROM message WHERE enqueued_at IS NULL)
          OR EXISTS (SELECT 1 FROM message WHERE state = 'sending' AND lease_until < now())`,
      [],
    );
    return rows.length > 0;
  }

  /**
   * Claims up to `limit` messages that need a job (none yet, or an attempt whose process died:
   * lease run out), in the caller's transaction, and splits them in jobs of up to `perJob`
   * messages (a new job id for each, kept in the rows). A lapsed attempt's row goes back to
   * `retrying`; its old job, if pg-boss ever runs it again, finds nothing to send.
   */
  async claimUnqueued(client: PoolClient, limit: number, perJob: number): Promise<{ id: string; jobId: string }[]> {
    return (
      await client.query<{ id: string; jobId: string }>(
        `WITH fresh AS (SELECT id, created_at FROM message WHERE enqueued_at IS NULL ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED),
              lapsed AS (SELECT id, created_at FROM message WHERE state = 'sending' AND lease_until < now() LIMIT $1 FOR UPDATE SKIP LOCKED),
              picked AS (SELECT id, (row_number() OVER (ORDER BY created_at, id) - 1) / $2 AS chunk
                           FROM (SELECT id, created_at FROM fresh UNION SELECT id, created_at FROM lapsed) x),
              jobs AS (SELECT chunk, gen_random_uuid() AS job_id FROM picked GROUP BY chunk)
         UPDATE message m SET enqueued_at = now(), job_id = j.job_id, updated_at = now(),
                state = CASE WHEN m.state = 'sending' THEN 'retrying' ELSE m.state END, lease_until = NULL
           FROM picked p JOIN jobs j ON j.chunk = p.chunk
          WHERE m.id = p.id
          RETURNING m.id, m.job_id AS "jobId"`,
        [limit, perJob],
      )
    ).rows;
  }

  /** The recipients an administrator's message would go to: how many. */
  async countRecipients(q: RecipientQuery): Promise<number> {
    const rows = await this.sql.rows<{ n: number }>(
      'messages-count-recipients',
      `WITH ${RECIPIENTS} SELECT count(*)::int AS n FROM recipients`,
      [q.callId, q.states, q.addresses, q.readers],
    );
    return rows[0].n;
  }

  /**
   * The call's name and the first recipient of the selection, with what the sender greets them
   * by: applicants chosen by state before explicit addresses, then by address.
   */
  async previewRecipient(q: RecipientQuery): Promise<PreviewRecipient> {
    const rows = await this.sql.rows<PreviewRecipient>(
      'messages-preview-recipient',
      `WITH ${RECIPIENTS},
       first AS (
         SELECT r.email, u.first_name AS "firstName", u.last_name AS "lastName", o.contact_name AS "contactName", o.name AS "organizationName"
           FROM recipients r
           LEFT JOIN app_user u ON u.id = r.user_id
           LEFT JOIN call_submission s ON s.id = r.submission_id
           LEFT JOIN organization o ON o.id = coalesce(r.organization_id, s.organization_id)
          ORDER BY r.rank, r.email LIMIT 1)
       SELECT c.name AS "callName", f.* FROM (SELECT 1) one LEFT JOIN call c ON c.id = $1 LEFT JOIN first f ON true`,
      [q.callId, q.states, q.addresses, q.readers],
    );
    return rows[0];
  }

  /** Writes the batch and one queued message per recipient, in one transaction; answers how many. */
  async queueBatch(
    q: RecipientQuery,
    batch: { subject: string; html: string; createdById: string; addressCount: number },
  ): Promise<{ batchId: string; queued: number }> {
    return this.transaction(async (client) => {
      const [{ id: batchId }] = (
        await client.query<{ id: string }>(
          `INSERT INTO message_batch (call_id, created_by_id, subject, html, audience, recipient_count)
           VALUES ($1, $2, $3, $4, $5, 0) RETURNING id`,
          [q.callId, batch.createdById, batch.subject, batch.html, JSON.stringify({ states: q.states, addresses: batch.addressCount })],
        )
      ).rows;
      const inserted = await client.query(
        `WITH ${RECIPIENTS}
         INSERT INTO message (kind, user_id, submission_id, call_id, organization_id, batch_id, to_address)
         SELECT 'custom', r.user_id, r.submission_id, $5, r.organization_id, $6, r.email FROM recipients r`,
        [q.callId, q.states, q.addresses, q.readers, q.callId, batchId],
      );
      const queued = inserted.rowCount ?? 0;
      await client.query('UPDATE message_batch SET recipient_count = $2 WHERE id = $1', [batchId, queued]);
      return { batchId, queued };
    });
  }

  /**
   * Reminders of a call's deadline to every submission still in progress: N days before (the
   * call's setting, default 7; 0 turns reminders off) and 1 day before. Each goes once per
   * submission, threshold and closing date (the dedupe key), whenever the schedule runs.
   */
  async queueReminders(now: Date): Promise<number> {
    const result = await this.pool.query(
      `INSERT INTO message (kind, user_id, submission_id, call_id, organization_id, dedupe_key, params)
       SELECT 'deadline-reminder', s.user_id, s.id, c.id, s.organization_id,
              'reminder:' || s.id || ':' || t.days || ':' || floor(extract(epoch FROM c.closing_at))::bigint,
              jsonb_build_object('threshold', t.days)
         FROM call c
         LEFT JOIN call_message_settings cs ON cs.call_id = c.id
         CROSS JOIN LATERAL (SELECT DISTINCT d FROM unnest(ARRAY[coalesce(cs.reminder_days, 7), 1]) AS d) AS t(days)
         JOIN call_submission s ON s.call_id = c.id AND NOT s.closed
        WHERE coalesce(cs.reminder_days, 7) > 0
          AND ${CALL_IS_OPEN('c', '$1')}
          AND $1 >= c.closing_at - make_interval(days => t.days)
          AND (t.days = 1 OR $1 < c.closing_at - interval '1 day')
       ON CONFLICT (dedupe_key) DO NOTHING`,
      [now],
    );
    return result.rowCount ?? 0;
  }

  // ------------------------------------------------------------ sending

  /**
   * Claims the messages of a batch of jobs for an attempt: only those still to be sent (queued
   * or retrying, or an attempt whose lease ran out: a crashed process). Sent and failed ones, and
   * ones another worker holds, are not returned: a retried or duplicate job never sends twice.
   */
  async claim(ids: string[], leaseSeconds: number): Promise<MessageRow[]> {
    return this.sql.rows<MessageRow>(
      'messages-claim',
      `UPDATE message m SET state = 'sending', attempts = m.attempts + 1, lease_until = now() + make_interval(secs => $2), updated_at = now()
        WHERE m.id = ANY($1::uuid[])
          AND (m.state IN ('queued', 'retrying') OR (m.state = 'sending' AND m.lease_until < now()))
        RETURNING ${MESSAGE_COLUMNS}`,
      [ids, leaseSeconds],
    );
  }

  async contexts(ids: string[]): Promise<MessageContext[]> {
    return this.sql.rows<MessageContext>(
      'messages-contexts',
      `SELECT m.id, u.email AS "userEmail", u.first_name AS "userFirstName", u.last_name AS "userLastName", u.language AS "userLanguage",
              o.name AS "organizationName", o.contact_email AS "contactEmail", o.contact_name AS "contactName",
              s.code AS "submissionCode", s.submitted_at AS "submittedAt",
              c.name AS "callName", c.closing_at AS "closingAt", c.enable_user_download_pdf AS "enableUserDownloadPdf",
              b.subject AS "batchSubject", b.html AS "batchHtml"
         FROM message m
         LEFT JOIN app_user u ON u.id = m.user_id
         LEFT JOIN call_submission s ON s.id = m.submission_id
         LEFT JOIN organization o ON o.id = coalesce(m.organization_id, s.organization_id)
         LEFT JOIN call c ON c.id = coalesce(m.call_id, s.call_id)
         LEFT JOIN message_batch b ON b.id = m.batch_id
        WHERE m.id = ANY($1::uuid[])`,
      [ids],
    );
  }

  async activeBranding(): Promise<BrandingRow | null> {
    const rows = await this.sql.rows<BrandingRow>(
      'messages-branding',
      `SELECT name, default_language AS "defaultLanguage", logo_base64 AS "logoBase64", logo_width AS "logoWidth", logo_height AS "logoHeight"
         FROM configuration WHERE is_active`,
      [],
    );
    return rows[0] ?? null;
  }

  /** The steps of a submission's call in order, with its answers and the names of its files. */
  async summarySteps(submissionId: string): Promise<SummaryStep[]> {
    return this.sql.rows<SummaryStep>(
      'messages-summary',
      `SELECT st.name, coalesce(t.name, '') AS kind, st.content, r.content AS answer,
              ARRAY(SELECT a.file_name FROM attachment a WHERE a.submission_id = s.id AND a.step_id = st.id AND a.purpose = 'submission'
                     ORDER BY a.slot_index NULLS LAST, a.created_at) AS files
         FROM call_submission s JOIN call c ON c.id = s.call_id JOIN step st ON st.call_type_id = c.call_type_id
         LEFT JOIN step_type t ON t.id = st.step_type_id
         LEFT JOIN step_result r ON r.submission_id = s.id AND r.step_id = st.id
        WHERE s.id = $1 ORDER BY st.sort, st.name, st.id`,
      [submissionId],
    );
  }

  async saveAttachments(id: string, attachments: { filename: string; contentType: string; size: number }[]): Promise<void> {
    await this.sql.rows('messages-save-attachments', 'UPDATE message SET attachments = $2::jsonb WHERE id = $1', [
      id,
      JSON.stringify(attachments),
    ]);
  }

  /** Each attempt's outcome, and the message as it rendered it (what was sent, and what the console shows), in one statement. */
  async settle(list: Settlement[]): Promise<void> {
    if (!list.length) return;
    const r = (f: (x: Rendering) => string | null) => list.map((s) => (s.rendering ? f(s.rendering) : null));
    await this.sql.rows(
      'messages-settle',
      `UPDATE message m SET state = v.state, last_error = CASE WHEN v.state = 'sent' THEN NULL ELSE v.error END,
              transport = coalesce(v.transport, m.transport), lease_until = NULL, updated_at = now(),
              sent_at = CASE WHEN v.state = 'sent' THEN now() ELSE m.sent_at END,
              to_address = CASE WHEN v.rendered THEN v.to_address ELSE m.to_address END,
              cc_address = CASE WHEN v.rendered THEN v.cc_address ELSE m.cc_address END,
              language = CASE WHEN v.rendered THEN v.language ELSE m.language END,
              subject = CASE WHEN v.rendered THEN v.subject ELSE m.subject END,
              html = CASE WHEN v.rendered THEN v.html ELSE m.html END,
              text = CASE WHEN v.rendered THEN v.text ELSE m.text END
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::boolean[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[])
              AS v(id, state, error, transport, rendered, to_address, cc_address, language, subject, html, text)
        WHERE m.id = v.id AND m.state = 'sending'`,
      [
        list.map((s) => s.id),
        list.map((s) => s.state),
        list.map((s) => s.error),
        list.map((s) => s.transport),
        list.map((s) => !!s.rendering),
        r((x) => x.toAddress),
        r((x) => x.ccAddress),
        r((x) => x.language),
        r((x) => x.subject),
        r((x) => x.html),
        r((x) => x.text),
      ],
    );
  }

  /** A failed message queued again (a new series of attempts); false when it is not failed. */
  async requeueFailed(id: string): Promise<boolean> {
    const rows = await this.sql.rows(
      'messages-requeue',
      `UPDATE message SET state = 'queued', attempts = 0, enqueued_at = NULL, job_id = NULL, lease_until = NULL, updated_at = now()
        WHERE id = $1 AND state = 'failed' RETURNING id`,
      [id],
    );
    return rows.length > 0;
  }

  // ------------------------------------------------------------ console

  async find(id: string): Promise<MessageDetailDto | null> {
    const rows = await this.sql.rows<MessageDetailDto>(
      'messages-find',
      `SELECT ${DTO_COLUMNS}, m.html, m.text, coalesce(m.attachments, '[]'::jsonb) AS attachments FROM message m WHERE m.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async page(query: ListQuery, filter: MessageFilter): Promise<Page<MessageDto>> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (filter.state) add('m.state = ?', filter.state);
    if (filter.kind) add('m.kind = ?', filter.kind);
    if (filter.callId) add('m.call_id = ?', filter.callId);
    if (filter.batchId) add('m.batch_id = ?', filter.batchId);
    if (filter.q) {
      params.push(likeContains(filter.q));
      where.push(`(m.to_address ILIKE $${params.length} OR m.subject ILIKE $${params.length})`);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const order = `${SORT[query.sortField ?? 'createdAt'] ?? 'm.created_at'} ${query.sortOrder} ${query.sortOrder === 'ASC' ? 'NULLS FIRST' : 'NULLS LAST'}, m.id`;
    const [count, rows] = await Promise.all([
      countOrEstimate((sql, values) => this.sql.query(sql, values), `FROM message m ${clause}`, params),
      this.sql.query<MessageDto>(
        `SELECT ${DTO_COLUMNS} FROM message m ${clause} ORDER BY ${order} OFFSET ${query.skip} LIMIT ${query.take}`,
        params,
      ),
    ]);
    return { items: rows, ...count };
  }

  // ------------------------------------------------------------ templates, settings

  async templates(): Promise<{ kind: string; language: string; subject: string; html: string; updatedAt: Date }[]> {
    return this.sql.rows(
      'messages-templates',
      'SELECT kind, language, subject, html, updated_at AS "updatedAt" FROM message_template ORDER BY kind, language',
      [],
    );
  }

  async template(kind: string, language: string): Promise<{ subject: string; html: string; updatedAt: Date } | null> {
    const rows = await this.sql.rows<{ subject: string; html: string; updatedAt: Date }>(
      'messages-template',
      'SELECT subject, html, updated_at AS "updatedAt" FROM message_template WHERE kind = $1 AND language = $2',
      [kind, language],
    );
    return rows[0] ?? null;
  }

  async saveTemplate(kind: string, language: string, subject: string, html: string, userId: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO message_template (kind, language, subject, html, updated_by_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (kind, language) DO UPDATE SET subject = EXCLUDED.subject, html = EXCLUDED.html,
              updated_by_id = EXCLUDED.updated_by_id, updated_at = now()`,
      [kind, language, subject, html, userId],
    );
  }

  async deleteTemplate(kind: string, language: string): Promise<void> {
    await this.pool.query('DELETE FROM message_template WHERE kind = $1 AND language = $2', [kind, language]);
  }

  async callExists(id: string): Promise<boolean> {
    return (await this.sql.rows('messages-call-exists', 'SELECT 1 FROM call WHERE id = $1', [id])).length > 0;
  }

  async reminderDays(callId: string): Promise<number | null> {
    const rows = await this.sql.rows<{ days: number }>(
      'messages-reminder-days',
      'SELECT reminder_days AS days FROM call_message_settings WHERE call_id = $1',
      [callId],
    );
    return rows[0]?.days ?? null;
  }

  async setReminderDays(callId: string, days: number): Promise<void> {
    await this.pool.query(
      `INSERT INTO call_message_settings (call_id, reminder_days) VALUES ($1, $2)
       ON CONFLICT (call_id) DO UPDATE SET reminder_days = EXCLUDED.reminder_days`,
      [callId, days],
    );
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { PoolClient } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { likeContains } from '../../common/http/like.js';
import { countOrEstimate } from '../../common/http/list-count.js';
import type { CallSubmission, DB, Json, Message } from '../../database/schema.js';
import { Sql } from '../../database/sql.js';
import { countInt, db, isoUtc, statement } from '../../database/typed-sql.js';
import { callPhaseIs } from '../calls/call-open.sql.js';
import type { MessageAttachmentDto, MessageDetailDto, MessageDto } from './dto/messages.dto.js';
import type { MessageState } from './message.entity.js';

export type Audience = 'not-started' | 'in-progress' | 'submitted';

export interface RecipientQuery {
  callId: string | null;
  states: Audience[];
  addresses: string[];
  /** Who may see the call (AccessPolicy.callReaders, null for everyone): "not started" members are chosen among them only. */
  readers: string[] | null;
}

export interface Settlement {
  id: string;
  state: MessageState;
  error: string | null;
  transport: string | null;
  /** The message as rendered by this attempt (kept with its row), when it was never rendered before. */
  rendering?: Rendering;
}

export type Rendering = Pick<Selectable<Message>, 'id' | 'toAddress' | 'ccAddress'> &
  Record<'language' | 'subject' | 'html' | 'text', string>;

export const MESSAGE_SORTABLE = ['createdAt', 'sentAt', 'state', 'kind', 'toAddress', 'subject', 'attempts'] as const;

export type MessageFilter = { q?: string } & Partial<Pick<Selectable<Message>, 'state' | 'kind' | 'callId' | 'batchId'>>;

/** The submission a confirmation or reopen notice is about, at the version its close or reopen wrote. */
export type SubmissionMessageSource = Pick<Selectable<CallSubmission>, 'id' | 'userId' | 'callId' | 'organizationId' | 'version'>;

const NOW = sql<Date>`now()`;
const NULL = sql.lit(null);
const ONE = sql.lit(1).as('one');
const SENDING = sql.lit('sending');
const uuids = (ids: string[]) => sql<string[]>`${ids}::uuid[]`;

const queueSubmission = statement('messages-queue-submission', (p: SubmissionMessageSource & { kind: string; key: string }) =>
  db
    .insertInto('message')
    .values({ kind: p.kind, userId: p.userId, submissionId: p.id, callId: p.callId, organizationId: p.organizationId, dedupeKey: p.key })
    .onConflict((oc) => oc.column('dedupeKey').doNothing()),
);

/** The messages that need a job, each probed by a partial index: none yet, or an attempt whose lease ran out. */
const UNQUEUED = db.selectFrom('message').where('enqueuedAt', 'is', null);
const LAPSED = db.selectFrom('message').where('state', '=', SENDING).where('leaseUntil', '<', NOW);
const hasUnqueued = statement('messages-has-unqueued', () =>
  db.selectNoFrom(ONE).where((eb) => eb.or([eb.exists(UNQUEUED.select(ONE)), eb.exists(LAPSED.select(ONE))])),
);

const claimUnqueued = statement('messages-claim-unqueued', (p: { limit: number; perJob: number }) =>
  db
    .with('fresh', () => UNQUEUED.select(['id', 'createdAt']).orderBy('createdAt').limit(p.limit).forUpdate().skipLocked())
    .with('lapsed', () => LAPSED.select(['id', 'createdAt']).limit(p.limit).forUpdate().skipLocked())
    .with('picked', (qb) =>
      qb
        .selectFrom((eb) =>
          eb
            .selectFrom('fresh')
            .select(['id', 'createdAt'])
            .union(eb.selectFrom('lapsed').select(['id', 'createdAt']))
            .as('x'),
        )
        .select((eb) => [
          'id',
          sql<number>`(${eb.fn.agg('row_number').over((o) => o.orderBy('createdAt').orderBy('id'))} - 1) / ${p.perJob}`.as('chunk'),
        ]),
    )
    .with('jobs', (qb) =>
      qb
        .selectFrom('picked')
        .select((eb) => ['chunk', eb.fn<string>('gen_random_uuid').as('jobId')])
        .groupBy('chunk'),
    )
    .updateTable('message as m')
    .from('picked as p')
    .innerJoin('jobs as j', 'j.chunk', 'p.chunk')
    .set((eb) => ({
      enqueuedAt: NOW,
      jobId: eb.ref('j.jobId'),
      updatedAt: NOW,
      state: eb.case().when('m.state', '=', SENDING).then(sql.lit('retrying')).else(eb.ref('m.state')).end(),
      leaseUntil: NULL,
    }))
    .whereRef('m.id', '=', 'p.id')
    .returning((eb) => ['m.id', eb.ref('m.jobId').$notNull().as('jobId')]),
);

/**
 * An administrator's recipients, one per lower-cased address: applicants by their submission's state, members of
 * organizations that have not started the call (among `readers`), and explicit addresses (a known user's keeps that user).
 */
function recipients(p: RecipientQuery) {
  const asked = (state: Audience) => sql<boolean>`${sql.lit(state)} = ANY(${p.states}::text[])`;
  const applicants = db
    .selectFrom('callSubmission as s')
    .innerJoin('appUser as u', 'u.id', 's.userId')
    .where('s.callId', '=', p.callId)
    .where((eb) => eb.or([eb.and([eb.not(eb.ref('s.closed')), asked('in-progress')]), eb.and([eb.ref('s.closed'), asked('submitted')])]))
    // As wide as the other branches' columns: the union's rows.
    .select((eb) => [
      eb.fn<string>('lower', ['u.email']).as('email'),
      eb.ref('u.id').$castTo<string | null>().as('userId'),
      eb.ref('s.id').$castTo<string | null>().as('submissionId'),
      eb.ref('s.organizationId').$castTo<string | null>().as('organizationId'),
      sql.lit(0).as('rank'),
    ]);
  const members = db
    .selectFrom('appUser as u')
    .innerJoin('organizationMember as om', 'om.userId', 'u.id')
    .innerJoin('call as c', (j) => j.on('c.id', '=', p.callId))
    .where(asked('not-started'))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('organizationMember as om2')
            .innerJoin('callSubmission as s2', 's2.organizationId', 'om2.organizationId')
            .select(ONE)
            .whereRef('om2.userId', '=', 'u.id')
            .where('s2.callId', '=', p.callId),
        ),
      ),
    )
    .where((eb) => sql<boolean>`(${p.readers}::text[] IS NULL OR lower(${eb.ref('u.email')}) = ANY(${p.readers}::text[]))`)
    .groupBy(['u.id', 'u.email'])
    .select((eb) => [
      eb.fn<string>('lower', ['u.email']).as('email'),
      'u.id as userId',
      NULL.as('submissionId'),
      sql<string>`min(${eb.ref('om.organizationId')}::text)::uuid`.as('organizationId'),
      sql.lit(1).as('rank'),
    ]);
  const addressed = db
    .selectFrom(sql<{ email: string }>`unnest(${p.addresses}::text[])`.as<'a'>(sql`a(email)`))
    .leftJoin('appUser as u', 'u.email', 'a.email')
    .select(['a.email', 'u.id as userId', NULL.as('submissionId'), NULL.as('organizationId'), sql.lit(2).as('rank')]);
  return db
    .selectFrom(applicants.unionAll(members).unionAll(addressed).as('r'))
    .distinctOn('r.email')
    .select(['r.email', 'r.userId', 'r.submissionId', 'r.organizationId', 'r.rank'])
    .orderBy('r.email')
    .orderBy('r.rank');
}

const previewRecipient = statement('messages-preview-recipient', (p: RecipientQuery) =>
  db
    .with('recipients', () => recipients(p))
    .with('first', (qb) =>
      qb
        .selectFrom('recipients as r')
        .leftJoin('appUser as u', 'u.id', 'r.userId')
        .leftJoin('callSubmission as s', 's.id', 'r.submissionId')
        .leftJoin('organization as o', (j) => j.on((eb) => eb('o.id', '=', eb.fn.coalesce('r.organizationId', 's.organizationId'))))
        .select(['r.email', 'u.firstName', 'u.lastName', 'o.contactName', 'o.name as organizationName'])
        .orderBy('r.rank')
        .orderBy('r.email')
        .limit(sql.lit(1)),
    )
    .selectFrom(db.selectNoFrom(ONE).as('one'))
    .leftJoin('call as c', (j) => j.on('c.id', '=', p.callId))
    .leftJoin('first as f', (j) => j.onTrue())
    .select(['c.name as callName', 'f.email', 'f.firstName', 'f.lastName', 'f.contactName', 'f.organizationName'])
    .select((eb) => eb.selectFrom('recipients').select(countInt().as('n')).$asScalar().$notNull().as('recipients')),
);

/** The batch and one queued message per recipient, in one statement: the batch counts the recipients it is written for. */
const queueBatch = statement(
  'messages-queue-batch',
  (p: RecipientQuery & { createdById: string; subject: string; html: string; audience: string }) =>
    db
      .with('recipients', () => recipients(p))
      .with('batch', (qb) =>
        qb
          .insertInto('messageBatch')
          .values((eb) => ({
            callId: p.callId,
            createdById: p.createdById,
            subject: p.subject,
            html: p.html,
            audience: p.audience,
            recipientCount: eb.selectFrom('recipients').select(countInt().as('n')).$asScalar().$notNull(),
          }))
          .returning(['id', 'recipientCount']),
      )
      .with('queued', (qb) =>
        qb
          .insertInto('message')
          .columns(['kind', 'userId', 'submissionId', 'callId', 'organizationId', 'batchId', 'toAddress'])
          .expression((eb) =>
            eb
              .selectFrom(['recipients as r', 'batch as b'])
              .select((eb) => [
                sql.lit('custom').as('kind'),
                'r.userId',
                'r.submissionId',
                eb.val(p.callId).as('callId'),
                'r.organizationId',
                'b.id',
                'r.email',
              ]),
          ),
      )
      .selectFrom('batch')
      .select(['id as batchId', 'recipientCount as queued']),
);

/**
 * Deadline reminders to submissions in progress, N days (the call's setting, default 7; 0: none) and 1 day before the
 * closing: each once per submission, threshold and closing date (the dedupe key), whenever the schedule runs.
 */
const queueReminders = statement('messages-queue-reminders', (p: { now: Date }) =>
  db
    .insertInto('message')
    .columns(['kind', 'userId', 'submissionId', 'callId', 'organizationId', 'dedupeKey', 'params'])
    .expression(
      db
        .selectFrom('call as c')
        .leftJoin('callMessageSettings as cs', 'cs.callId', 'c.id')
        .crossJoinLateral((eb) =>
          eb
            .selectFrom(sql<{ days: number }>`unnest(ARRAY[${eb.fn.coalesce('cs.reminderDays', sql.lit(7))}, 1])`.as('days'))
            .select('days')
            .distinct()
            .as('t'),
        )
        .innerJoin('callSubmission as s', (j) => j.onRef('s.callId', '=', 'c.id').on((eb) => eb.not(eb.ref('s.closed'))))
        .where((eb) => eb(eb.fn.coalesce('cs.reminderDays', sql.lit(7)), '>', sql.lit(0)))
        .where((eb) => callPhaseIs.open({ openingAt: eb.ref('c.openingAt'), closingAt: eb.ref('c.closingAt') }, p.now))
        .where((eb) => sql<boolean>`${p.now} >= ${eb.ref('c.closingAt')} - make_interval(days => ${eb.ref('t.days')})`)
        .where((eb) => eb.or([eb('t.days', '=', sql.lit(1)), sql<boolean>`${p.now} < ${eb.ref('c.closingAt')} - interval '1 day'`]))
        .select((eb) => [
          sql.lit('deadline-reminder').as('kind'),
          's.userId',
          's.id as submissionId',
          'c.id as callId',
          's.organizationId',
          sql<string>`'reminder:' || ${eb.ref('s.id')} || ':' || ${eb.ref('t.days')} || ':' || floor(extract(epoch FROM ${eb.ref('c.closingAt')}))::bigint`.as(
            'dedupeKey',
          ),
          eb.fn<Json>('jsonb_build_object', [sql.lit('threshold'), 't.days']).as('params'),
        ]),
    )
    .onConflict((oc) => oc.column('dedupeKey').doNothing())
    .returning('id'),
);

/**
 * Claims the messages of a batch of jobs still to send (queued, retrying, or a lease run out: a crashed process); sent,
 * failed and held ones are not returned, so a retried or duplicate job never sends twice.
 */
const claim = statement('messages-claim', (p: { ids: string[]; leaseSeconds: number }) =>
  db
    .updateTable('message')
    .set((eb) => ({
      state: SENDING,
      attempts: eb('attempts', '+', sql.lit(1)),
      leaseUntil: sql<Date>`now() + make_interval(secs => ${p.leaseSeconds})`,
      updatedAt: NOW,
    }))
    .where((eb) => eb('id', '=', eb.fn.any(uuids(p.ids))))
    .where((eb) =>
      eb.or([eb('state', 'in', [sql.lit('queued'), sql.lit('retrying')]), eb.and([eb('state', '=', SENDING), eb('leaseUntil', '<', NOW)])]),
    )
    .returning(['id', 'kind', 'submissionId', 'attempts', 'toAddress', 'ccAddress', 'language', 'subject', 'html', 'text']),
);

/** What rendering a message needs besides its row: the people, the submission and the call. */
const contexts = statement('messages-contexts', (p: { ids: string[] }) =>
  db
    .selectFrom('message as m')
    .leftJoin('appUser as u', 'u.id', 'm.userId')
    .leftJoin('callSubmission as s', 's.id', 'm.submissionId')
    .leftJoin('organization as o', (j) => j.on((eb) => eb('o.id', '=', eb.fn.coalesce('m.organizationId', 's.organizationId'))))
    .leftJoin('call as c', (j) => j.on((eb) => eb('c.id', '=', eb.fn.coalesce('m.callId', 's.callId'))))
    .leftJoin('messageBatch as b', 'b.id', 'm.batchId')
    .select([
      'm.id',
      'm.params',
      'u.email as userEmail',
      'u.firstName as userFirstName',
      'u.lastName as userLastName',
      'u.language as userLanguage',
    ])
    .select(['o.name as organizationName', 'o.contactEmail', 'o.contactName', 's.code as submissionCode', 's.submittedAt'])
    .select([
      'c.id as callId',
      'c.name as callName',
      'c.closingAt',
      'c.enableUserDownloadPdf',
      'b.subject as batchSubject',
      'b.html as batchHtml',
    ])
    .where((eb) => eb('m.id', '=', eb.fn.any(uuids(p.ids)))),
);

const branding = statement('messages-branding', () =>
  db
    .selectFrom('configuration')
    .select(['name', 'defaultLanguage', 'logoBase64', 'logoWidth', 'logoHeight'])
    .where((eb) => eb.ref('isActive')),
);

/** The steps of a submission's call in order, with its answers and the names of its files. */
const summary = statement('messages-summary', (p: { submissionId: string }) =>
  db
    .selectFrom('callSubmission as s')
    .innerJoin('call as c', 'c.id', 's.callId')
    .innerJoin('step as st', 'st.callTypeId', 'c.callTypeId')
    .leftJoin('stepType as t', 't.id', 'st.stepTypeId')
    .leftJoin('stepResult as r', (j) => j.onRef('r.submissionId', '=', 's.id').onRef('r.stepId', '=', 'st.id'))
    .select((eb) => ['st.name', eb.fn.coalesce('t.name', sql.lit('')).as('kind'), 'st.content', 'r.content as answer'])
    .select((eb) =>
      sql<string[]>`ARRAY(${eb
        .selectFrom('attachment as a')
        .select('a.fileName')
        .whereRef('a.submissionId', '=', 's.id')
        .whereRef('a.stepId', '=', 'st.id')
        .where('a.purpose', '=', sql.lit('submission'))
        .orderBy('a.slotIndex', (o) => o.asc().nullsLast())
        .orderBy('a.createdAt')})`.as('files'),
    )
    .where('s.id', '=', p.submissionId)
    .orderBy('st.sort')
    .orderBy('st.name')
    .orderBy('st.id'),
);

const saveAttachments = statement('messages-save-attachments', (p: { id: string; attachments: string }) =>
  db.updateTable('message').set({ attachments: p.attachments }).where('id', '=', p.id),
);

const RENDERED = ['toAddress', 'ccAddress', 'language', 'subject', 'html', 'text'] as const;
type Rendered = Record<(typeof RENDERED)[number], string | null>;
type Outcome = Rendered & { id: string; state: string; error: string | null; transport: string | null; rendered: boolean };

/** Each attempt's outcome, and the message as it rendered it (what was sent, and what the console shows), in one statement. */
const settle = statement('messages-settle', (p: { [K in keyof Outcome]: Outcome[K][] }) =>
  db
    .updateTable('message as m')
    .from(
      sql<Outcome>`unnest(${p.id}::uuid[], ${p.state}::text[], ${p.error}::text[], ${p.transport}::text[], ${p.rendered}::boolean[], ${p.toAddress}::text[],
                          ${p.ccAddress}::text[], ${p.language}::text[], ${p.subject}::text[], ${p.html}::text[], ${p.text}::text[])`.as<'v'>(
        sql`v(id, state, error, transport, rendered, to_address, cc_address, language, subject, html, text)`,
      ),
    )
    .set((eb) => {
      const sent = eb('v.state', '=', sql.lit('sent'));
      const rendered = (k: keyof Rendered) =>
        eb
          .case()
          .when(eb.ref('v.rendered'))
          .then(eb.ref(`v.${k}`))
          .else(eb.ref(`m.${k}`))
          .end();
      return {
        state: eb.ref('v.state'),
        lastError: eb.case().when(sent).then(NULL).else(eb.ref('v.error')).end(),
        transport: eb.fn.coalesce('v.transport', 'm.transport'),
        leaseUntil: NULL,
        updatedAt: NOW,
        sentAt: eb.case().when(sent).then(NOW).else(eb.ref('m.sentAt')).end(),
        ...(Object.fromEntries(RENDERED.map((k) => [k, rendered(k)])) as Record<keyof Rendered, ReturnType<typeof rendered>>),
      };
    })
    .whereRef('m.id', '=', 'v.id')
    .where('m.state', '=', SENDING),
);

/** A failed message queued again (a new series of attempts); none when it is not failed. */
const requeueFailed = statement('messages-requeue', (p: { id: string }) =>
  db
    .updateTable('message')
    .set({ state: sql.lit('queued'), attempts: sql.lit(0), enqueuedAt: NULL, jobId: NULL, leaseUntil: NULL, updatedAt: NOW })
    .where('id', '=', p.id)
    .where('state', '=', sql.lit('failed'))
    .returning('id'),
);

const DTO = (eb: ExpressionBuilder<DB, 'message'>) =>
  [
    ...(['id', 'kind', 'state', 'toAddress', 'ccAddress', 'language', 'subject', 'attempts', 'lastError', 'transport'] as const),
    ...(['callId', 'submissionId', 'batchId'] as const),
    isoUtc(eb.ref('createdAt')).as('createdAt'),
    isoUtc(eb.ref('updatedAt')).as('updatedAt'),
    isoUtc(eb.ref('sentAt')).as('sentAt'),
  ] as const;

const find = statement('messages-find', (p: { id: string }) =>
  db
    .selectFrom('message')
    .select(DTO)
    .select((eb) => ['html', 'text', sql<MessageAttachmentDto[]>`coalesce(${eb.ref('attachments')}, '[]'::jsonb)`.as('attachments')])
    .where('id', '=', p.id),
);

/** The global templates and those of the calls given (a decision's per-call version). */
const templates = statement('messages-templates', (p: { callIds: string[] }) =>
  db
    .selectFrom('messageTemplate')
    .select(['kind', 'language', 'callId', 'subject', 'html', 'updatedAt'])
    .where((eb) => eb.or([eb('callId', 'is', null), eb('callId', '=', eb.fn.any(uuids(p.callIds)))]))
    .orderBy('kind')
    .orderBy('language'),
);
/** The unique index's expression: the global version (no call) counts as one call. */
const TEMPLATE_KEY = sql`kind, language, COALESCE(call_id, '00000000-0000-0000-0000-000000000000'::uuid)`;
const saveTemplate = statement(
  'messages-save-template',
  (p: { kind: string; language: string; callId: string | null; subject: string; html: string; userId: string }) =>
    db
      .insertInto('messageTemplate')
      .values({
        kind: p.kind,
        language: p.language,
        callId: sql<string | null>`${p.callId}::uuid`,
        subject: p.subject,
        html: p.html,
        updatedById: p.userId,
      })
      .onConflict((oc) =>
        oc.expression(TEMPLATE_KEY).doUpdateSet((eb) => ({
          subject: eb.ref('excluded.subject'),
          html: eb.ref('excluded.html'),
          updatedById: eb.ref('excluded.updatedById'),
          updatedAt: NOW,
        })),
      ),
);
const deleteTemplate = statement('messages-delete-template', (p: { kind: string; language: string; callId: string | null }) =>
  db
    .deleteFrom('messageTemplate')
    .where('kind', '=', p.kind)
    .where('language', '=', p.language)
    .where((eb) => sql<boolean>`${eb.ref('callId')} IS NOT DISTINCT FROM ${p.callId}::uuid`),
);

/**
 * One review digest per reviewer (`count` new assignments on the call), to the address given; a reviewer known only by
 * address gets the user of that address when there is one (their language). The run makes the dedupe key unique per run.
 */
const queueReviewDigests = statement(
  'messages-queue-review-digests',
  (p: { callId: string; run: string; userIds: (string | null)[]; emails: string[]; counts: number[] }) =>
    db
      .insertInto('message')
      .columns(['kind', 'userId', 'callId', 'toAddress', 'dedupeKey', 'params'])
      .expression(
        db
          .selectFrom(
            sql<{
              userId: string | null;
              email: string;
              n: number;
            }>`unnest(${p.userIds}::uuid[], ${p.emails}::text[], ${p.counts}::int[])`.as<'r'>(sql`r(user_id, email, n)`),
          )
          .leftJoin('appUser as u', (j) =>
            j.on((eb) => eb.and([eb('r.userId', 'is', null), eb(eb.fn('lower', ['u.email']), '=', eb.fn('lower', ['r.email']))])),
          )
          .where('r.n', '>', sql.lit(0))
          .select((eb) => [
            sql.lit('review-assignments').as('kind'),
            eb.fn.coalesce('r.userId', 'u.id').as('userId'),
            sql<string>`${p.callId}::uuid`.as('callId'),
            'r.email',
            sql<string>`'review-assignments:' || ${p.callId}::text || ':' || coalesce(${eb.ref('r.userId')}::text, lower(${eb.ref('r.email')})) || ':' || ${p.run}::text`.as(
              'dedupeKey',
            ),
            eb.fn<Json>('jsonb_build_object', [sql.lit('count'), 'r.n']).as('params'),
          ]),
      )
      .onConflict((oc) => oc.column('dedupeKey').doNothing()),
);

const queueReviewerInvitation = statement('messages-queue-reviewer-invitation', (p: { callId: string; email: string }) =>
  db
    .insertInto('message')
    .values({
      kind: sql.lit('reviewer-invitation'),
      callId: sql<string>`${p.callId}::uuid`,
      toAddress: sql<string>`${p.email}::text`,
      dedupeKey: sql<string>`'reviewer-invitation:' || ${p.callId}::text || ':' || ${p.email}::text`,
    })
    .onConflict((oc) => oc.column('dedupeKey').doNothing()),
);

/** An invitation to an organization, to its address in the invitation's language, once per sending (the token's hash). */
const queueOrganizationInvitation = statement(
  'messages-queue-organization-invitation',
  (p: { email: string; language: string; sending: string; params: string }) =>
    db
      .insertInto('message')
      .values({
        kind: sql.lit('organization-invitation'),
        toAddress: sql<string>`${p.email}::text`,
        language: sql<string>`${p.language}::text`,
        params: sql<Json>`${p.params}::jsonb`,
        dedupeKey: sql<string>`'organization-invitation:' || ${p.sending}::text`,
      })
      .onConflict((oc) => oc.column('dedupeKey').doNothing()),
);

/**
 * A release's decision messages in one statement: one per submission of the call, to its submitting user, kind
 * `decision-<decision>`, the comments for the applicant (a JSON array, or null) kept as params; once per release.
 */
const queueDecisions = statement(
  'messages-queue-decisions',
  (p: { callId: string; releaseId: string; ids: string[]; decisions: string[]; comments: (string | null)[] }) =>
    db
      .with('queued', (qb) =>
        qb
          .insertInto('message')
          .columns(['kind', 'userId', 'submissionId', 'callId', 'organizationId', 'dedupeKey', 'params'])
          .expression(
            db
              .selectFrom(
                sql<{
                  submissionId: string;
                  decision: string;
                  comments: string | null;
                }>`unnest(${p.ids}::uuid[], ${p.decisions}::text[], ${p.comments}::text[])`.as<'d'>(
                  sql`d(submission_id, decision, comments)`,
                ),
              )
              .innerJoin('callSubmission as s', 's.id', 'd.submissionId')
              .where('s.callId', '=', sql<string>`${p.callId}::uuid`)
              .select((eb) => [
                sql<string>`'decision-' || ${eb.ref('d.decision')}`.as('kind'),
                's.userId',
                's.id as submissionId',
                's.callId',
                's.organizationId',
                sql<string>`'decision:' || ${p.releaseId}::text || ':' || ${eb.ref('s.id')}::text`.as('dedupeKey'),
                sql<Json>`CASE WHEN ${eb.ref('d.comments')} IS NULL THEN NULL ELSE jsonb_build_object('comments', ${eb.ref('d.comments')}::jsonb) END`.as(
                  'params',
                ),
              ]),
          )
          .onConflict((oc) => oc.column('dedupeKey').doNothing())
          .returning('id'),
      )
      .selectFrom('queued')
      .select(countInt().as('n')),
);

/** A call's reminder setting (null when never set); no row when there is no such call. */
const reminderDays = statement('messages-reminder-days', (p: { callId: string }) =>
  db
    .selectFrom('call as c')
    .leftJoin('callMessageSettings as cs', 'cs.callId', 'c.id')
    .select('cs.reminderDays')
    .where('c.id', '=', p.callId),
);
/** Saves a call's reminder setting; no row when there is no such call. */
const setReminderDays = statement('messages-set-reminder-days', (p: { callId: string; days: number }) =>
  db
    .insertInto('callMessageSettings')
    .columns(['callId', 'reminderDays'])
    .expression(
      db
        .selectFrom('call')
        .select(['id', sql<number>`${p.days}::int`.as('reminderDays')])
        .where('id', '=', p.callId),
    )
    .onConflict((oc) => oc.column('callId').doUpdateSet((eb) => ({ reminderDays: eb.ref('excluded.reminderDays') })))
    .returning('callId'),
);

export type MessageRow = typeof claim.row;
export type MessageContext = typeof contexts.row;
export type BrandingRow = typeof branding.row;
export type SummaryStep = typeof summary.row;
export type TemplateRow = typeof templates.row;

@Injectable()
export class MessagesRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sql: Sql,
  ) {}

  /** In the caller's transaction (`m`), so it exists only if the close or reopen commits; once per submission version. */
  async queueSubmissionMessage(m: EntityManager, kind: 'submission-confirmation' | 'submission-reopened', s: SubmissionMessageSource) {
    // The dedupe key names the kind without its prefix: `confirmation:…`, `reopened:…`.
    await this.sql.run(queueSubmission, { ...s, kind, key: `${kind.replace('submission-', '')}:${s.id}:${s.version}` }, m);
  }

  /** Runs `work` in a transaction, on its connection (handed to pg-boss as its `db` too). */
  transaction<T>(work: (m: EntityManager, client: PoolClient) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (m) => work(m, (await m.queryRunner!.connect()) as PoolClient));
  }

  async hasUnqueued(): Promise<boolean> {
    return (await this.sql.run(hasUnqueued, {})).length > 0;
  }

  /**
   * Claims up to `limit` messages needing a job, in jobs of up to `perJob`, in the caller's transaction. A lapsed attempt's
   * row goes back to `retrying`; its old job, if pg-boss ever runs it again, finds nothing to send.
   */
  claimUnqueued(m: EntityManager, limit: number, perJob: number): Promise<{ id: string; jobId: string }[]> {
    return this.sql.run(claimUnqueued, { limit, perJob }, m);
  }

  /** The selection's size, the call's name and its first recipient (applicants by state before addresses, then by address). */
  async previewRecipient(q: RecipientQuery): Promise<typeof previewRecipient.row> {
    return (await this.sql.run(previewRecipient, q))[0];
  }

  async queueBatch(q: RecipientQuery, b: { subject: string; html: string; createdById: string }) {
    const audience = JSON.stringify({ states: q.states, addresses: q.addresses.length });
    return (await this.sql.run(queueBatch, { ...q, ...b, audience }))[0];
  }

  async queueReminders(now: Date): Promise<number> {
    return (await this.sql.run(queueReminders, { now })).length;
  }

  claim(ids: string[], leaseSeconds: number): Promise<MessageRow[]> {
    return this.sql.run(claim, { ids, leaseSeconds });
  }

  contexts(ids: string[]): Promise<MessageContext[]> {
    return this.sql.run(contexts, { ids });
  }

  async activeBranding(): Promise<BrandingRow | null> {
    return (await this.sql.run(branding, {}))[0] ?? null;
  }

  summarySteps(submissionId: string): Promise<SummaryStep[]> {
    return this.sql.run(summary, { submissionId });
  }

  async saveAttachments(id: string, attachments: MessageAttachmentDto[]): Promise<void> {
    await this.sql.run(saveAttachments, { id, attachments: JSON.stringify(attachments) });
  }

  async settle(list: Settlement[]): Promise<void> {
    if (!list.length) return;
    const rendered = Object.fromEntries(RENDERED.map((k) => [k, list.map((s) => s.rendering?.[k] ?? null)]));
    await this.sql.run(settle, {
      id: list.map((s) => s.id),
      state: list.map((s) => s.state),
      error: list.map((s) => s.error),
      transport: list.map((s) => s.transport),
      rendered: list.map((s) => !!s.rendering),
      ...(rendered as Record<keyof Rendered, (string | null)[]>),
    });
  }

  async requeueFailed(id: string): Promise<boolean> {
    return (await this.sql.run(requeueFailed, { id })).length > 0;
  }

  async find(id: string): Promise<MessageDetailDto | null> {
    return (await this.sql.run(find, { id }))[0] ?? null;
  }

  async page(query: ListQuery, { q, ...equal }: MessageFilter): Promise<Page<MessageDto>> {
    let filtered = db.selectFrom('message');
    for (const [column, value] of Object.entries(equal)) if (value) filtered = filtered.where(column as keyof typeof equal, '=', value);
    if (q) filtered = filtered.where((eb) => eb.or([eb('toAddress', 'ilike', likeContains(q)), eb('subject', 'ilike', likeContains(q))]));
    const field = MESSAGE_SORTABLE.find((s) => s === query.sortField) ?? 'createdAt';
    const rows = filtered
      .select(DTO)
      .orderBy(field, (o) => (query.sortOrder === 'ASC' ? o.asc().nullsFirst() : o.desc().nullsLast()))
      .orderBy('id')
      .offset(query.skip)
      .limit(query.take);
    const [total, items] = await Promise.all([countOrEstimate(this.sql, filtered.select(ONE)), this.sql.list(rows)]);
    return { items, ...total };
  }

  /** The global templates, and the versions of the calls given. */
  templates(callIds: string[] = []): Promise<TemplateRow[]> {
    return this.sql.run(templates, { callIds });
  }

  async saveTemplate(t: { kind: string; language: string; callId: string | null; subject: string; html: string; userId: string }) {
    await this.sql.run(saveTemplate, t);
  }

  async deleteTemplate(kind: string, language: string, callId: string | null): Promise<void> {
    await this.sql.run(deleteTemplate, { kind, language, callId });
  }

  /** Review digests, in the caller's transaction (`m`). */
  async queueReviewDigests(
    m: EntityManager,
    callId: string,
    run: string,
    reviewers: { userId: string | null; email: string; count: number }[],
  ) {
    if (!reviewers.length) return;
    await this.sql.run(
      queueReviewDigests,
      {
        callId,
        run,
        userIds: reviewers.map((r) => r.userId),
        emails: reviewers.map((r) => r.email),
        counts: reviewers.map((r) => r.count),
      },
      m,
    );
  }

  async queueReviewerInvitation(m: EntityManager, callId: string, email: string): Promise<void> {
    await this.sql.run(queueReviewerInvitation, { callId, email }, m);
  }

  /** An organization invitation's e-mail, in the caller's transaction (`m`); `params` are its placeholders' values. */
  async queueOrganizationInvitation(
    m: EntityManager,
    i: { email: string; language: string; sending: string; params: Record<string, string> },
  ): Promise<void> {
    await this.sql.run(queueOrganizationInvitation, { ...i, params: JSON.stringify(i.params) }, m);
  }

  /** A release's decision messages, in the caller's transaction (`m`), in one statement; answers how many were queued. */
  async queueDecisions(
    m: EntityManager,
    callId: string,
    releaseId: string,
    items: { submissionId: string; decision: string; comments: string[] }[],
  ): Promise<number> {
    if (!items.length) return 0;
    const [row] = await this.sql.run(
      queueDecisions,
      {
        callId,
        releaseId,
        ids: items.map((i) => i.submissionId),
        decisions: items.map((i) => i.decision),
        comments: items.map((i) => (i.comments.length ? JSON.stringify(i.comments) : null)),
      },
      m,
    );
    return row?.n ?? 0;
  }

  async reminderDays(callId: string): Promise<number | null | undefined> {
    return (await this.sql.run(reminderDays, { callId }))[0]?.reminderDays;
  }

  async setReminderDays(callId: string, days: number): Promise<boolean> {
    return (await this.sql.run(setReminderDays, { callId, days })).length > 0;
  }
}

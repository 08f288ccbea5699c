import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import { Sql } from '../../database/sql.js';
import { db, isoUtc, statement } from '../../database/typed-sql.js';

const uuids = (ids: string[]) => sql<string>`ANY(${ids}::uuid[])`;

/** Rows read per page by the exports: memory stays flat whatever an organization holds. */
export const EXPORT_PAGE = 50;
/** Where a keyset page starts before its first row. */
export const FIRST_PAGE = { afterAt: '-infinity', afterId: '00000000-0000-0000-0000-000000000000' };

// ------------------------------------------------------------ consents (consent_record, consent_text: this module's)

const insertText = statement('privacy-consent-text-insert', (p: { version: string; text: string }) =>
  db
    .insertInto('consentText')
    .values({ version: p.version, text: p.text })
    .onConflict((oc) => oc.column('version').doNothing()),
);

const insertRecord = statement(
  'privacy-consent-insert',
  (p: { userId: string; organizationId: string | null; kind: string; textVersion: string }) =>
    db
      .insertInto('consentRecord')
      .values({ userId: p.userId, organizationId: p.organizationId, kind: p.kind, textVersion: p.textVersion })
      .returning((eb) => ['id', 'kind', 'textVersion', isoUtc(eb.ref('givenAt')).as('givenAt')]),
);

const inForceOfOrganization = statement('privacy-consents-in-force-of-organization', (p: { organizationId: string }) =>
  db
    .selectFrom('consentRecord')
    .select(['userId', 'kind', 'textVersion', 'withdrawnAt'])
    .where('organizationId', '=', p.organizationId)
    .where('withdrawnAt', 'is', null),
);

const withdrawOfOrganization = statement('privacy-consents-withdraw', (p: { organizationId: string; kind: string }) =>
  db
    .updateTable('consentRecord')
    .set({ withdrawnAt: sql`now()` })
    .where('organizationId', '=', p.organizationId)
    .where('kind', '=', p.kind)
    .where('withdrawnAt', 'is', null),
);

const inForceOfUser = statement('privacy-consents-in-force-of-user', (p: { userId: string; kind: string }) =>
  db
    .selectFrom('consentRecord')
    .select(['id', 'kind', 'textVersion', 'withdrawnAt', 'organizationId'])
    .where('userId', '=', p.userId)
    .where('kind', '=', p.kind)
    .where('withdrawnAt', 'is', null),
);

const consentsOfUser = statement('privacy-consents-of-user', (p: { userId: string }) =>
  db
    .selectFrom('consentRecord as c')
    .leftJoin('organization as o', 'o.id', 'c.organizationId')
    .select((eb) => [
      'c.id',
      'c.kind',
      'c.organizationId',
      eb.ref('o.name').$castTo<string | null>().as('organizationName'),
      'c.textVersion',
      isoUtc(eb.ref('c.givenAt')).as('givenAt'),
      sql<string | null>`CASE WHEN ${eb.ref('c.withdrawnAt')} IS NULL THEN NULL ELSE ${isoUtc(eb.ref('c.withdrawnAt'))} END`.as(
        'withdrawnAt',
      ),
    ])
    .where('c.userId', '=', p.userId)
    .orderBy('c.givenAt', 'desc')
    .orderBy('c.id'),
);

const textOfUser = statement('privacy-consent-text-of-user', (p: { userId: string; version: string }) =>
  db
    .selectFrom('consentText as t')
    .select(['t.version', 't.text'])
    .where('t.version', '=', p.version)
    .where((eb) =>
      eb.exists(
        eb.selectFrom('consentRecord as c').select('c.id').whereRef('c.textVersion', '=', 't.version').where('c.userId', '=', p.userId),
      ),
    ),
);

/** The active configuration's per-language texts (read only: the config module owns it). */
const activeConfiguration = statement('privacy-active-configuration', () =>
  db
    .selectFrom('configuration')
    .select((eb) => ['name', 'defaultLanguage', eb.ref('texts').$castTo<Record<string, Record<string, string> | undefined>>().as('texts')])
    .where('isActive', '=', true),
);

// ------------------------------------------------------------ the user's export (read only, other modules' tables)

const profile = statement('privacy-export-user', (p: { userId: string }) =>
  db
    .selectFrom('appUser')
    .select((eb) => [
      'id',
      'email',
      'firstName',
      'lastName',
      'roles',
      'language',
      'issuer',
      'subject',
      isoUtc(eb.ref('createdAt')).as('createdAt'),
      sql<string | null>`CASE WHEN ${eb.ref('lastLoginAt')} IS NULL THEN NULL ELSE ${isoUtc(eb.ref('lastLoginAt'))} END`.as('lastLoginAt'),
    ])
    .where('id', '=', p.userId),
);

const memberships = statement('privacy-export-memberships', (p: { userId: string }) =>
  db
    .selectFrom('organizationMember as m')
    .innerJoin('organization as o', 'o.id', 'm.organizationId')
    .select((eb) => [
      'm.organizationId',
      eb.ref('o.name').as('organizationName'),
      'm.role',
      isoUtc(eb.ref('m.createdAt')).as('since'),
      sql<boolean>`${eb.ref('o.archivedAt')} IS NOT NULL`.as('archived'),
    ])
    .where('m.userId', '=', p.userId)
    .orderBy('m.createdAt'),
);

/** The sessions, without their secrets (refresh hashes, identity token). */
const sessions = statement('privacy-export-sessions', (p: { userId: string }) =>
  db
    .selectFrom('userSession')
    .select((eb) => [
      'id',
      isoUtc(eb.ref('createdAt')).as('createdAt'),
      isoUtc(eb.ref('lastUsedAt')).as('lastUsedAt'),
      isoUtc(eb.ref('expiresAt')).as('expiresAt'),
      sql<string | null>`CASE WHEN ${eb.ref('endedAt')} IS NULL THEN NULL ELSE ${isoUtc(eb.ref('endedAt'))} END`.as('endedAt'),
      'endReason',
      'ip',
      'userAgent',
    ])
    .where('userId', '=', p.userId)
    .orderBy('createdAt', 'desc'),
);

/** Consents with the exact text shown: of a user (`userId`) or given for an organization (`organizationId`). */
const consentsWithText = (by: 'userId' | 'organizationId', id: string) =>
  db
    .selectFrom('consentRecord as c')
    .innerJoin('consentText as t', 't.version', 'c.textVersion')
    .innerJoin('appUser as u', 'u.id', 'c.userId')
    .select((eb) => [
      'c.id',
      'c.kind',
      'c.organizationId',
      eb.ref('u.email').as('givenBy'),
      'c.textVersion',
      eb.ref('t.text').as('text'),
      isoUtc(eb.ref('c.givenAt')).as('givenAt'),
      sql<string | null>`CASE WHEN ${eb.ref('c.withdrawnAt')} IS NULL THEN NULL ELSE ${isoUtc(eb.ref('c.withdrawnAt'))} END`.as(
        'withdrawnAt',
      ),
    ])
    .where(`c.${by}`, '=', id)
    .orderBy('c.givenAt')
    .orderBy('c.id');
const userConsentsWithText = statement('privacy-export-user-consents', (p: { userId: string }) => consentsWithText('userId', p.userId));
const organizationConsentsWithText = statement('privacy-export-organization-consents', (p: { organizationId: string }) =>
  consentsWithText('organizationId', p.organizationId),
);

const messageColumns = ['m.id', 'm.kind', 'm.subject', 'm.toAddress', 'm.state', 'm.callId', 'm.submissionId'] as const;

/** The messages addressed to the user (by account or by address), a keyset page by (createdAt, id). */
const messagesToUser = statement('privacy-export-user-messages', (p: { userId: string; email: string; afterAt: string; afterId: string }) =>
  db
    .selectFrom('message as m')
    .select((eb) => [
      ...messageColumns,
      isoUtc(eb.ref('m.createdAt')).as('createdAt'),
      sql<string | null>`CASE WHEN ${eb.ref('m.sentAt')} IS NULL THEN NULL ELSE ${isoUtc(eb.ref('m.sentAt'))} END`.as('sentAt'),
      sql<string>`${eb.ref('m.createdAt')}::text`.as('cursorAt'),
    ])
    .where((eb) => eb.or([eb('m.userId', '=', p.userId), eb(sql`lower(${eb.ref('m.toAddress')})`, '=', sql`lower(${p.email})`)]))
    .where(sql<boolean>`(m.created_at, m.id) > (${p.afterAt}::timestamptz, ${p.afterId}::uuid)`)
    .orderBy('m.createdAt')
    .orderBy('m.id')
    .limit(EXPORT_PAGE),
);

const messagesAboutOrganization = statement(
  'privacy-export-organization-messages',
  (p: { organizationId: string; afterAt: string; afterId: string }) =>
    db
      .selectFrom('message as m')
      .select((eb) => [
        ...messageColumns,
        isoUtc(eb.ref('m.createdAt')).as('createdAt'),
        sql<string | null>`CASE WHEN ${eb.ref('m.sentAt')} IS NULL THEN NULL ELSE ${isoUtc(eb.ref('m.sentAt'))} END`.as('sentAt'),
        sql<string>`${eb.ref('m.createdAt')}::text`.as('cursorAt'),
      ])
      .where('m.organizationId', '=', p.organizationId)
      .where(sql<boolean>`(m.created_at, m.id) > (${p.afterAt}::timestamptz, ${p.afterId}::uuid)`)
      .orderBy('m.createdAt')
      .orderBy('m.id')
      .limit(EXPORT_PAGE),
);

/** Submissions, a keyset page by (openedAt, id): the user's (`userId`) or an organization's (`organizationId`). */
const submissions = (by: 'userId' | 'organizationId', id: string, afterAt: string, afterId: string) =>
  db
    .selectFrom('callSubmission as s')
    .innerJoin('call as c', 'c.id', 's.callId')
    .innerJoin('organization as o', 'o.id', 's.organizationId')
    .innerJoin('appUser as u', 'u.id', 's.userId')
    .select((eb) => [
      's.id',
      's.code',
      's.callId',
      eb.ref('c.name').as('callName'),
      's.organizationId',
      eb.ref('o.name').as('organizationName'),
      eb.ref('u.email').as('createdBy'),
      's.closed',
      isoUtc(eb.ref('s.openedAt')).as('openedAt'),
      sql<string | null>`CASE WHEN ${eb.ref('s.submittedAt')} IS NULL THEN NULL ELSE ${isoUtc(eb.ref('s.submittedAt'))} END`.as(
        'submittedAt',
      ),
      // A decision is the applicant's once released only.
      sql<string | null>`CASE WHEN ${eb.ref('s.decisionReleasedAt')} IS NULL THEN NULL ELSE ${eb.ref('s.decision')} END`.as('decision'),
      sql<
        string | null
      >`CASE WHEN ${eb.ref('s.decisionReleasedAt')} IS NULL THEN NULL ELSE ${isoUtc(eb.ref('s.decisionReleasedAt'))} END`.as(
        'decisionReleasedAt',
      ),
      sql<string | null>`${eb.ref('s.sroiScore')}::text`.as('sroiScore'),
      sql<string | null>`${eb.ref('s.quizScore')}::text`.as('quizScore'),
      sql<string>`${eb.ref('s.openedAt')}::text`.as('cursorAt'),
    ])
    .where(`s.${by}`, '=', id)
    .where(sql<boolean>`(s.opened_at, s.id) > (${afterAt}::timestamptz, ${afterId}::uuid)`)
    .orderBy('s.openedAt')
    .orderBy('s.id')
    .limit(EXPORT_PAGE);
const submissionsOfUser = statement('privacy-export-user-submissions', (p: { userId: string; afterAt: string; afterId: string }) =>
  submissions('userId', p.userId, p.afterAt, p.afterId),
);
const submissionsOfOrganization = statement(
  'privacy-export-organization-submissions',
  (p: { organizationId: string; afterAt: string; afterId: string }) =>
    submissions('organizationId', p.organizationId, p.afterAt, p.afterId),
);

// ------------------------------------------------------------ the organization's export

const organization = statement('privacy-export-organization', (p: { organizationId: string }) =>
  db
    .selectFrom('organization')
    .select((eb) => [
      'id',
      'name',
      'regNumber',
      'streetName',
      'cityName',
      'country',
      sql<string | null>`to_char(${eb.ref('dateOfFoundation')}, 'YYYY-MM-DD')`.as('dateOfFoundation'),
      'contactName',
      'contactSurname',
      'contactRole',
      'contactEmail',
      'personalData',
      'selfCertification',
      'termsOfService',
      'nordicCountry',
      'preFunding',
      'chnageInLife',
      isoUtc(eb.ref('createdAt')).as('createdAt'),
      isoUtc(eb.ref('updatedAt')).as('updatedAt'),
    ])
    .where('id', '=', p.organizationId),
);

const members = statement('privacy-export-organization-members', (p: { organizationId: string }) =>
  db
    .selectFrom('organizationMember as m')
    .innerJoin('appUser as u', 'u.id', 'm.userId')
    .select((eb) => ['m.userId', 'u.email', 'u.firstName', 'u.lastName', 'm.role', isoUtc(eb.ref('m.createdAt')).as('since')])
    .where('m.organizationId', '=', p.organizationId)
    .orderBy('m.createdAt')
    .orderBy('m.userId'),
);

/** Every step's answers of a page of submissions, in the steps' order. */
const answers = statement('privacy-export-answers', (p: { submissionIds: string[] }) =>
  db
    .selectFrom('stepResult as r')
    .innerJoin('step as st', 'st.id', 'r.stepId')
    .innerJoin('stepType as t', 't.id', 'st.stepTypeId')
    .select((eb) => [
      'r.submissionId',
      'r.stepId',
      eb.ref('st.name').as('stepName'),
      eb.ref('t.name').as('stepKind'),
      'r.content',
      sql<string | null>`${eb.ref('r.score')}::text`.as('score'),
      isoUtc(eb.ref('r.updatedAt')).as('updatedAt'),
    ])
    .where('r.submissionId', '=', uuids(p.submissionIds))
    .orderBy('r.submissionId')
    .orderBy('st.sort')
    .orderBy('r.id'),
);

/** The files of a page of submissions, in a fixed order (their names in the archive follow it). */
const files = statement('privacy-export-files', (p: { submissionIds: string[] }) =>
  db
    .selectFrom('attachment as a')
    .leftJoin('step as st', 'st.id', 'a.stepId')
    .select((eb) => [
      'a.id',
      eb.ref('a.submissionId').$castTo<string>().as('submissionId'),
      'a.stepId',
      eb.ref('st.name').$castTo<string | null>().as('stepName'),
      'a.slotIndex',
      'a.fileName',
      'a.mimeType',
      'a.description',
      'a.storageKey',
      isoUtc(eb.ref('a.createdAt')).as('uploadedAt'),
    ])
    .where('a.submissionId', '=', uuids(p.submissionIds))
    .where('a.purpose', '=', 'submission')
    .orderBy('a.submissionId')
    .orderBy('a.createdAt')
    .orderBy('a.id'),
);

export type ConsentRow = typeof consentsOfUser.row;
export type ConsentWithTextRow = typeof userConsentsWithText.row;
export type SubmissionRow = typeof submissionsOfUser.row;
export type MessageRow = typeof messagesToUser.row;
export type AnswerRow = typeof answers.row;
export type FileRow = typeof files.row;
export type KeysetPage = { afterAt: string; afterId: string };

/** Consent records (this module's tables), and the reads of the data exports (other modules' tables, read only). */
@Injectable()
export class PrivacyRepository {
  constructor(
    @InjectDataSource() private readonly data: DataSource,
    private readonly sql: Sql,
  ) {}

  /** A write of the consent tables only, which no cache holds. */
  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.data.manager.transaction(work);
  }

  async saveText(m: EntityManager, version: string, text: string): Promise<void> {
    await this.sql.run(insertText, { version, text }, m);
  }

  async insertRecord(
    m: EntityManager,
    r: { userId: string; organizationId: string | null; kind: string; textVersion: string },
  ): Promise<typeof insertRecord.row> {
    return (await this.sql.run(insertRecord, r, m))[0];
  }

  inForceOfOrganization(m: EntityManager, organizationId: string) {
    return this.sql.run(inForceOfOrganization, { organizationId }, m);
  }

  async withdrawOfOrganization(m: EntityManager, organizationId: string, kind: string): Promise<void> {
    await this.sql.run(withdrawOfOrganization, { organizationId, kind }, m);
  }

  inForceOfUser(userId: string, kind: string, m?: EntityManager) {
    return this.sql.run(inForceOfUser, { userId, kind }, m);
  }

  consentsOfUser(userId: string, m?: EntityManager): Promise<ConsentRow[]> {
    return this.sql.run(consentsOfUser, { userId }, m);
  }

  async textOfUser(userId: string, version: string): Promise<{ version: string; text: string } | undefined> {
    return (await this.sql.run(textOfUser, { userId, version }))[0];
  }

  async activeConfiguration(m?: EntityManager): Promise<typeof activeConfiguration.row | undefined> {
    return (await this.sql.run(activeConfiguration, {}, m))[0];
  }

  // The exports' reads: each a short statement on the pool, so a slow download holds no connection.

  async profile(userId: string) {
    return (await this.sql.run(profile, { userId }))[0];
  }

  memberships(userId: string) {
    return this.sql.run(memberships, { userId });
  }

  sessions(userId: string) {
    return this.sql.run(sessions, { userId });
  }

  userConsents(userId: string): Promise<ConsentWithTextRow[]> {
    return this.sql.run(userConsentsWithText, { userId });
  }

  organizationConsents(organizationId: string): Promise<ConsentWithTextRow[]> {
    return this.sql.run(organizationConsentsWithText, { organizationId });
  }

  messagesToUser(userId: string, email: string, page: KeysetPage): Promise<MessageRow[]> {
    return this.sql.run(messagesToUser, { userId, email, ...page });
  }

  messagesAboutOrganization(organizationId: string, page: KeysetPage): Promise<MessageRow[]> {
    return this.sql.run(messagesAboutOrganization, { organizationId, ...page });
  }

  submissionsOfUser(userId: string, page: KeysetPage): Promise<SubmissionRow[]> {
    return this.sql.run(submissionsOfUser, { userId, ...page });
  }

  submissionsOfOrganization(organizationId: string, page: KeysetPage): Promise<SubmissionRow[]> {
    return this.sql.run(submissionsOfOrganization, { organizationId, ...page });
  }

  async organization(organizationId: string) {
    return (await this.sql.run(organization, { organizationId }))[0];
  }

  members(organizationId: string) {
    return this.sql.run(members, { organizationId });
  }

  answers(submissionIds: string[]): Promise<AnswerRow[]> {
    return submissionIds.length ? this.sql.run(answers, { submissionIds }) : Promise.resolve([]);
  }

  files(submissionIds: string[]): Promise<FileRow[]> {
    return submissionIds.length ? this.sql.run(files, { submissionIds }) : Promise.resolve([]);
  }
}

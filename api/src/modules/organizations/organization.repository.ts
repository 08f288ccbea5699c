import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql, type ExpressionBuilder } from 'kysely';
import { jsonBuildObject } from 'kysely/helpers/postgres';
import type { DataSource, EntityManager } from 'typeorm';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { isUuid } from '../../common/ids.js';
import type { Membership, MembershipReader } from '../../common/access/memberships.js';
import { jsonDocument, type JsonDocument } from '../../common/http/send-json.js';
import type { DB } from '../../database/schema.js';
import { CacheInvalidation, committedAndSettled, type SharedCache } from '../../database/shared-cache.js';
import { refusedFor, Sql } from '../../database/sql.js';
import { countInt, db, isoUtc, statement } from '../../database/typed-sql.js';
import type { OrganizationEntity } from './organization.entity.js';
import { likeContains } from '../../common/http/like.js';

export interface MemberOrganizations {
  /** GetOrganizations' OrganizationDto[] (the active ones). */
  json: JsonDocument;
  /** Every membership, by organization id: what the access policy decides on. */
  memberships: ReadonlyMap<string, Membership>;
}

const now = sql<Date>`now()`;

const NAMES = ['name', 'regNumber', 'streetName', 'cityName', 'country'] as const;
const CONTACT = ['contactName', 'contactSurname', 'contactRole', 'contactEmail'] as const;
/** OrganizationDto's texts (named in snake_case there) and flags (named as the columns), in its order. */
export const ORG_TEXTS = [...NAMES, 'dateOfFoundation', ...CONTACT] as const;
export const ORG_FLAGS = ['personalData', 'selfCertification', 'termsOfService', 'nordicCountry', 'preFunding', 'chnageInLife'] as const;
export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The console list's sortable columns (named in snake_case by the API, but createdAt and archivedAt). */
const ADMIN_SORTABLE = ['name', 'regNumber', 'cityName', 'country', 'contactEmail', 'createdAt', 'archivedAt'] as const;

/** The user's organizations `o` (by name, as OrganizationDto) and memberships `m`. */
const memberOrganizations = statement('organizations-of-member', (p: { userId: string }) =>
  db
    .selectFrom('organization as o')
    .innerJoin('organizationMember as m', (j) => j.onRef('m.organizationId', '=', 'o.id').on('m.userId', '=', p.userId))
    .select((eb) => [
      sql<string>`coalesce(${eb.fn
        .jsonAgg(
          jsonBuildObject({
            id: eb.ref('o.id'),
            ...Object.fromEntries(ORG_TEXTS.map((f) => [snakeCase(f), eb.ref(`o.${f}`)])),
            ...Object.fromEntries(ORG_FLAGS.map((f) => [f, eb.ref(`o.${f}`)])),
            version: eb.ref('o.version'),
            createdAt: isoUtc(eb.ref('o.createdAt')),
            role: eb.ref('m.role'),
          }),
        )
        .orderBy(sql`lower(${eb.ref('o.name')})`)
        .orderBy('o.createdAt')
        .filterWhere('o.archivedAt', 'is', null)}, '[]')::text`.as('json'),
      sql<Membership[]>`coalesce(${eb.fn.jsonAgg(
        jsonBuildObject({ organizationId: eb.ref('o.id'), role: eb.ref('m.role'), archived: eb('o.archivedAt', 'is not', null) }),
      )}, '[]')`.as('memberships'),
    ]),
);

/** What an organization's data is written with: TypeORM's save wrote, and moved the version, only when one of these changed. */
const FIELDS = [...ORG_TEXTS, ...ORG_FLAGS] as const;
type Fields = Pick<OrganizationEntity, (typeof FIELDS)[number]>;
const fields = (p: Fields) => Object.fromEntries(FIELDS.map((f) => [f, p[f]])) as Fields;

/** An organization as its entity holds it: the date of foundation as its text (YYYY-MM-DD), as TypeORM read it. */
const organization = (eb: ExpressionBuilder<DB, 'organization'>) => [
  ...(['id', 'createdAt', 'updatedAt', 'version', 'createdById', 'archivedAt', ...NAMES, ...CONTACT, ...ORG_FLAGS] as const),
  sql<string | null>`to_char(${eb.ref('dateOfFoundation')}, 'YYYY-MM-DD')`.as('dateOfFoundation'),
];

/** One organization; `locked`: for update, until the caller's transaction ends. */
const one = (id: string) => db.selectFrom('organization').select(organization).where('id', '=', id);
const byId = statement('organization-by-id', (p: { id: string }) => one(p.id));
const lockedById = statement('organization-by-id-locked', (p: { id: string }) => one(p.id).forUpdate());

const members = statement('organization-members', (p: { organizationId: string }) =>
  db
    .selectFrom('organizationMember as m')
    .innerJoin('appUser as u', 'u.id', 'm.userId')
    .select(['m.userId', 'u.email', 'u.firstName', 'u.lastName', 'm.role'])
    .where('m.organizationId', '=', p.organizationId)
    .orderBy('m.createdAt')
    .orderBy('u.email'),
);
export type MemberRow = typeof members.row;

const sentApplications = statement('organization-sent-applications', (p: { organizationId: string }) =>
  db
    .selectFrom('callSubmission')
    .select(countInt().as('n'))
    .where('organizationId', '=', p.organizationId)
    .where('lastSubmittedAt', 'is not', null),
);

const lockUser = statement('organization-owner-lock', (p: { userId: string }) =>
  db.selectFrom('appUser').select(sql.lit(1).as('one')).where('id', '=', p.userId).forNoKeyUpdate(),
);
const owned = statement('organizations-owned', (p: { userId: string }) =>
  db
    .selectFrom('organizationMember as m')
    .innerJoin('organization as o', 'o.id', 'm.organizationId')
    .select(countInt().as('n'))
    .where((eb) => eb.and([eb('m.userId', '=', p.userId), eb('m.role', '=', sql.lit('owner')), eb('o.archivedAt', 'is', null)])),
);

const insert = statement('organization-insert', (p: Fields & { createdById: string }) =>
  db
    .insertInto('organization')
    .values({ ...fields(p), createdById: p.createdById })
    .returning(organization),
);
const insertOwner = statement('organization-owner-insert', (p: { organizationId: string; userId: string }) =>
  db.insertInto('organizationMember').values({ organizationId: p.organizationId, userId: p.userId, role: sql.lit('owner') }),
);
/** The organization updated, or none when nothing changed. */
const update = statement('organization-update', (p: Fields & { id: string }) =>
  db
    .updateTable('organization')
    .set((eb) => ({ ...fields(p), updatedAt: now, version: eb('version', '+', 1) }))
    .where('id', '=', p.id)
    .where((eb) => eb.or(FIELDS.map((f) => eb(f, 'is distinct from', eb.val(p[f])))))
    .returning(organization),
);

const remove = statement('organization-delete', (p: { id: string }) => db.deleteFrom('organization').where('id', '=', p.id));
const archive = statement('organization-archive', (p: { id: string }) =>
  db
    .updateTable('organization')
    .set((eb) => ({ archivedAt: now, updatedAt: now, version: eb('version', '+', 1) }))
    .where('id', '=', p.id),
);

/** Queries of organizations and memberships; no business rule here. */
@Injectable()
export class OrganizationRepository implements MembershipReader {
  /** By user, until a membership or one of the organizations changes. */
  private readonly memberCache: SharedCache<MemberOrganizations>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sql: Sql,
    private readonly invalidation: CacheInvalidation,
  ) {
    this.memberCache = invalidation.cache('organizations-of', { max: 2_000, ttlMs: 60_000 });
  }

  /**
   * The user's active organizations as the JSON of OrganizationDto[] built by PostgreSQL (a test
   * compares it with `toOrganizationDto`), and every membership: read by every screen, so from memory.
   */
  memberOrganizations(userId: string): Promise<MemberOrganizations> {
    return this.memberCache.get(userId, async () => {
      const [{ json, memberships }] = await this.sql.run(memberOrganizations, { userId });
      return { json: jsonDocument(json), memberships: new Map(memberships.map((m) => [m.organizationId, m])) };
    });
  }

  /** The access policy's MEMBERSHIP_READER: from memory, exact through CacheInvalidation. */
  async membershipsOf(userId: string): Promise<ReadonlyMap<string, Membership>> {
    return (await this.memberOrganizations(userId)).memberships;
  }

  async findById(id: string, manager?: EntityManager): Promise<OrganizationEntity | null> {
    return (await this.sql.run(manager ? lockedById : byId, { id }, manager))[0] ?? null;
  }

  async findPage(query: ListQuery): Promise<Page<{ org: OrganizationEntity; memberCount: number }>> {
    const { q, archived, country, id } = query.filter;
    const like = typeof q === 'string' && q.trim() ? likeContains(q.trim()) : null;
    const ids = Array.isArray(id) ? id.filter(isUuid) : null;
    const found = db
      .selectFrom('organization')
      .$if(like !== null, (b) =>
        b.where((eb) =>
          eb.or([
            ...(['name', 'regNumber', 'cityName', 'contactEmail'] as const).map((c) => eb(c, 'ilike', like)),
            eb.exists(
              eb
                .selectFrom('organizationMember as fm')
                .innerJoin('appUser as fu', 'fu.id', 'fm.userId')
                .select(sql.lit(1).as('one'))
                .where((f) => f.and([f('fm.organizationId', '=', f.ref('organization.id')), f('fu.email', 'ilike', like)])),
            ),
          ]),
        ),
      )
      .$if(archived === true || archived === 'true', (b) => b.where('archivedAt', 'is not', null))
      .$if(archived === false || archived === 'false', (b) => b.where('archivedAt', 'is', null))
      .$if(typeof country === 'string' && country.trim() !== '', (b) => b.where('country', 'ilike', String(country).trim()))
      // react-admin's getMany (reference fields) asks for a list of ids.
      .$if(ids !== null, (b) => (ids!.length ? b.where('id', 'in', ids!) : b.where(sql.lit(false))));
    const sort = ADMIN_SORTABLE.find((c) => c === query.sortField || snakeCase(c) === query.sortField) ?? 'name';
    const [[{ total }], rows] = await Promise.all([
      this.sql.list(found.select(countInt().as('total'))),
      this.sql.list(
        found
          .select(organization)
          .select((eb) =>
            eb
              .selectFrom('organizationMember as m')
              .whereRef('m.organizationId', '=', 'organization.id')
              .select(countInt().as('n'))
              .$asScalar()
              .$notNull()
              .as('memberCount'),
          )
          .orderBy(sort, query.sortOrder === 'DESC' ? 'desc' : 'asc')
          .orderBy('id')
          .offset(query.skip)
          .limit(query.take),
      ),
    ]);
    return { items: rows.map(({ memberCount, ...org }) => ({ org, memberCount })), total };
  }

  members(organizationId: string): Promise<MemberRow[]> {
    return this.sql.run(members, { organizationId });
  }

  /** How many of the organization's applications were sent at least once (they keep the data they were sent with). */
  async sentApplications(organizationId: string): Promise<number> {
    return (await this.sql.run(sentApplications, { organizationId }))[0].n;
  }

  /** The active organizations a user owns, counted with the user's row locked: two registrations cannot both pass the quota. */
  async countOwnedLocked(manager: EntityManager, userId: string): Promise<number> {
    await this.sql.run(lockUser, { userId }, manager);
    return (await this.sql.run(owned, { userId }, manager))[0].n;
  }

  async insertWithOwner(manager: EntityManager, fields: Partial<OrganizationEntity>, ownerId: string): Promise<OrganizationEntity> {
    const [org] = await this.sql.run(insert, { ...(fields as Fields), createdById: ownerId }, manager);
    await this.sql.run(insertOwner, { organizationId: org.id, userId: ownerId }, manager);
    return org;
  }

  save(manager: EntityManager, org: OrganizationEntity): Promise<OrganizationEntity> {
    return this.sql.run(update, org, manager).then(([saved]) => saved ?? org);
  }

  /** Deletes the organization, or archives it when a submission (RESTRICT) still references it; answers whether archived. */
  async deleteOrArchive(manager: EntityManager, id: string): Promise<boolean> {
    await manager.query('SAVEPOINT organization_delete');
    try {
      await this.sql.run(remove, { id }, manager);
      await manager.query('RELEASE SAVEPOINT organization_delete');
      return false;
    } catch (e) {
      if (!refusedFor(e, 'foreignKey') && !refusedFor(e, 'restrict')) throw e;
      await manager.query('ROLLBACK TO SAVEPOINT organization_delete');
      await this.sql.run(archive, { id }, manager);
      return true;
    }
  }

  /** Once it resolves, this replica's caches have taken the change (the others take it too). */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return committedAndSettled(this.dataSource.manager, this.invalidation, work);
  }
}

import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, type Repository, type SelectQueryBuilder } from 'typeorm';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import { isUuid } from '../../common/ids.js';
import type { Membership } from '../../common/access/memberships.js';
import { jsonDocument, type JsonDocument } from '../../common/http/send-json.js';
import { CacheInvalidation, type SharedCache } from '../../database/shared-cache.js';
import { ISO_UTC, Sql } from '../../database/sql.js';
import { OrganizationEntity, OrganizationMemberEntity } from './organization.entity.js';
import { likeContains } from '../../common/http/like.js';

export interface MemberOrganizations {
  /** GetOrganizations' OrganizationDto[] (the active ones). */
  json: JsonDocument;
  /** Every membership, by organization id: what the access policy decides on. */
  memberships: ReadonlyMap<string, Membership>;
}

export interface MemberRow {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
}

/** Sortable columns of the console list, by their API names. */
export const ADMIN_SORTABLE: Record<string, string> = {
  name: 'o.name',
  reg_number: 'o.regNumber',
  city_name: 'o.cityName',
  country: 'o.country',
  contact_email: 'o.contactEmail',
  createdAt: 'o.createdAt',
  archivedAt: 'o.archivedAt',
};

/** Queries of organizations and memberships; no business rule here. */
@Injectable()
export class OrganizationRepository {
  /** By user, until a membership or one of the organizations changes. */
  private readonly memberCache: SharedCache<MemberOrganizations>;

  constructor(
    @InjectRepository(OrganizationEntity) private readonly repo: Repository<OrganizationEntity>,
    private readonly sql: Sql,
    invalidation: CacheInvalidation,
  ) {
    this.memberCache = invalidation.cache('organizations-of', { max: 2_000, ttlMs: 60_000 });
  }

  private orgs(manager?: EntityManager): Repository<OrganizationEntity> {
    return manager?.getRepository(OrganizationEntity) ?? this.repo;
  }

  /**
   * The user's active (not archived) organizations by name, as the JSON of OrganizationDto[]
   * built by PostgreSQL, and every membership with its role and whether the organization is
   * archived: what every applicant screen and the access policy read, without hydrating
   * entities. The shape is `toOrganizationDto`'s (a test compares them). From memory.
   */
  memberOrganizations(userId: string): Promise<MemberOrganizations> {
    return this.memberCache.get(userId, async () => {
      const [{ json, memberships }] = await this.sql.rows<{ json: string; memberships: Membership[] }>(
        'organizations-of-member',
        `SELECT coalesce(json_agg(json_build_object(
          'id', o.id, 'name', o.name, 'reg_number', o.reg_number, 'street_name', o.street_name, 'city_name', o.city_name,
          'country', o.country, 'date_of_foundation', o.date_of_foundation, 'contact_name', o.contact_name,
          'contact_surname', o.contact_surname, 'contact_role', o.contact_role, 'contact_email', o.contact_email,
          'personalData', o.personal_data, 'selfCertification', o.self_certification, 'termsOfService', o.terms_of_service,
          'nordicCountry', o.nordic_country, 'preFunding', o.pre_funding, 'chnageInLife', o.chnage_in_life, 'version', o.version,
          'createdAt', ${ISO_UTC('o.created_at')}
        ) ORDER BY lower(o.name), o.created_at) FILTER (WHERE o.archived_at IS NULL), '[]')::text AS json,
        coalesce(json_agg(json_build_object('organizationId', o.id, 'role', m.role, 'archived', o.archived_at IS NOT NULL)), '[]') AS memberships
        FROM organization o JOIN organization_member m ON m.organization_id = o.id AND m.user_id = $1`,
        [userId],
      );
      return { json: jsonDocument(json), memberships: new Map(memberships.map((m) => [m.organizationId, m])) };
    });
  }

  /** After this replica changed the user's organizations: its own next read is fresh at once. */
  forgetMember(userId: string): void {
    this.memberCache.evict(userId);
  }

  /** One organization; locked for update when given a transaction's manager. */
  findById(id: string, manager?: EntityManager): Promise<OrganizationEntity | null> {
    const qb = this.orgs(manager).createQueryBuilder('o').where('o.id = :id', { id });
    if (manager) qb.setLock('pessimistic_write', undefined, ['o']);
    return qb.getOne();
  }

  async findPage(query: ListQuery): Promise<Page<{ org: OrganizationEntity; memberCount: number }>> {
    const qb = this.repo.createQueryBuilder('o');
    this.applyFilter(qb, query.filter);
    const sort = ADMIN_SORTABLE[query.sortField ?? 'name'] ?? 'o.name';
    const total = await qb.getCount();
    const items = await qb
      .addSelect((sub) => sub.select('count(*)::int').from(OrganizationMemberEntity, 'm').where('m.organization_id = o.id'), 'member_count')
      .orderBy(sort, query.sortOrder)
      .addOrderBy('o.id', 'ASC')
      .offset(query.skip)
      .limit(query.take)
      .getRawAndEntities();
    return {
      items: items.entities.map((org, i) => ({ org, memberCount: Number((items.raw[i] as { member_count: number }).member_count) })),
      total,
    };
  }

  private applyFilter(qb: SelectQueryBuilder<OrganizationEntity>, filter: Record<string, unknown>): void {
    const q = typeof filter.q === 'string' ? filter.q.trim() : '';
    if (q) {
      const like = likeContains(q);
      qb.andWhere(
        `(o.name ILIKE :like OR o.reg_number ILIKE :like OR o.city_name ILIKE :like OR o.contact_email ILIKE :like
          OR EXISTS (SELECT 1 FROM organization_member fm JOIN app_user fu ON fu.id = fm.user_id WHERE fm.organization_id = o.id AND fu.email ILIKE :like))`,
        { like },
      );
    }
    if (filter.archived === true || filter.archived === 'true') qb.andWhere('o.archived_at IS NOT NULL');
    if (filter.archived === false || filter.archived === 'false') qb.andWhere('o.archived_at IS NULL');
    if (typeof filter.country === 'string' && filter.country.trim())
      qb.andWhere('o.country ILIKE :country', { country: filter.country.trim() });
    if (Array.isArray(filter.id)) {
      // react-admin's getMany (reference fields) asks for a list of ids.
      const ids = filter.id.filter(isUuid);
      if (ids.length) qb.andWhere('o.id IN (:...ids)', { ids });
      else qb.andWhere('false');
    }
  }

  members(organizationId: string): Promise<MemberRow[]> {
    return this.sql.rows(
      'organization-members',
      `SELECT m.user_id AS "userId", u.email, u.first_name AS "firstName", u.last_name AS "lastName", m.role
         FROM organization_member m JOIN app_user u ON u.id = m.user_id
        WHERE m.organization_id = $1 ORDER BY m.created_at, u.email`,
      [organizationId],
    );
  }

  /** How many of the organization's applications were sent at least once (they keep the data they were sent with). */
  async sentApplications(organizationId: string): Promise<number> {
    const [{ n }] = await this.sql.rows<{ n: number }>(
      'organization-sent-applications',
      'SELECT count(*)::int AS n FROM call_submission WHERE organization_id = $1 AND last_submitted_at IS NOT NULL',
      [organizationId],
    );
    return n;
  }

  /**
   * The active organizations a user owns, counted with the user's row locked: two registrations at
   * once cannot both pass the quota (organizations per user).
   */
  async countOwnedLocked(manager: EntityManager, userId: string): Promise<number> {
    await manager.query('SELECT 1 FROM app_user WHERE id = $1 FOR NO KEY UPDATE', [userId]);
    const [{ n }] = await this.sql.rowsIn<{ n: number }>(
      manager,
      'organizations-owned',
      `SELECT count(*)::int AS n FROM organization_member m JOIN organization o ON o.id = m.organization_id
        WHERE m.user_id = $1 AND m.role = 'owner' AND o.archived_at IS NULL`,
      [userId],
    );
    return n;
  }

  async insertWithOwner(manager: EntityManager, fields: Partial<OrganizationEntity>, ownerId: string): Promise<OrganizationEntity> {
    const org = await manager
      .getRepository(OrganizationEntity)
      .save(manager.getRepository(OrganizationEntity).create({ ...fields, createdById: ownerId }));
    await manager.getRepository(OrganizationMemberEntity).insert({ organizationId: org.id, userId: ownerId, role: 'owner' });
    return org;
  }

  save(manager: EntityManager, org: OrganizationEntity): Promise<OrganizationEntity> {
    return manager.getRepository(OrganizationEntity).save(org);
  }

  /**
   * Deletes the organization, or, when another table still references it (a submission,
   * whose foreign key is RESTRICT), archives it instead. Answers whether it was archived.
   */
  async deleteOrArchive(manager: EntityManager, id: string): Promise<boolean> {
    await manager.query('SAVEPOINT organization_delete');
    try {
      await manager.query('DELETE FROM organization WHERE id = $1', [id]);
      await manager.query('RELEASE SAVEPOINT organization_delete');
      return false;
    } catch (e) {
      // 23503 foreign_key_violation (NO ACTION), 23001 restrict_violation (RESTRICT).
      const code = (e as { driverError?: { code?: string } }).driverError?.code;
      if (code !== '23503' && code !== '23001') throw e;
      await manager.query('ROLLBACK TO SAVEPOINT organization_delete');
      await manager.query('UPDATE organization SET archived_at = now(), updated_at = now(), version = version + 1 WHERE id = $1', [id]);
      return true;
    }
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.repo.manager.transaction(work);
  }
}

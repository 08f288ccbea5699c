import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isFoundationDate, ORGANIZATION_CONSENT_FLAG, type OrganizationRole } from '@impact-calls/domain';
import type { AuthUser } from '../../common/auth/access.decorator.js';
import { SETTINGS, type Settings } from '../../config/settings.js';
import { badRequest, conflict, notFound } from '../../common/http/app-error.js';
import type { ListQuery, Page } from '../../common/http/pagination.js';
import type { JsonDocument } from '../../common/http/send-json.js';
import type {
  AdminOrganizationDto,
  CreateOrganizationDto,
  OrganizationDeletedDto,
  OrganizationDto,
  OrganizationFieldsDto,
  UpdateOrganizationDto,
} from './dto/organization.dto.js';
import type { OrganizationEntity } from './organization.entity.js';
import { AccessPolicy } from '../../common/access/access.policy.js';
import { Permission } from '../../common/access/permission.js';
import { ORG_FLAGS, ORG_TEXTS, OrganizationRepository, snakeCase } from './organization.repository.js';
import { ORGANIZATION_CONSENT_RECORDER, type OrganizationConsentRecorder } from './organization-consents.js';

/** The organization as the user sees it (GetOrganizations adds their role, in SQL). */
export function toOrganizationDto(o: OrganizationEntity): OrganizationDto {
  return {
    id: o.id,
    ...Object.fromEntries(ORG_TEXTS.map((f) => [snakeCase(f), o[f]])),
    ...Object.fromEntries(ORG_FLAGS.map((f) => [f, o[f]])),
    version: o.version,
    createdAt: o.createdAt.toISOString(),
  } as OrganizationDto;
}

function toAdminDto(o: OrganizationEntity, memberCount: number): AdminOrganizationDto {
  return { ...toOrganizationDto(o), archivedAt: o.archivedAt?.toISOString() ?? null, archived: o.archivedAt !== null, memberCount };
}

/**
 * The rules of organizations: a user sees and changes only its own (anything else is 404), the
 * data-processing consent is required, deleting never destroys a submitted application.
 */
@Injectable()
export class OrganizationService {
  constructor(
    private readonly orgs: OrganizationRepository,
    private readonly access: AccessPolicy,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(ORGANIZATION_CONSENT_RECORDER) private readonly consents: OrganizationConsentRecorder,
  ) {}

  async listForUserJson(user: AuthUser): Promise<JsonDocument> {
    return (await this.orgs.memberOrganizations(user.id)).json;
  }

  async getForUser(user: AuthUser, id: string): Promise<OrganizationDto> {
    await this.access.requireAccess({ auth: { user }, permission: Permission.OrganizationRead, ids: [id] });
    const org = await this.found(id);
    return { ...toOrganizationDto(org), sentApplications: await this.orgs.sentApplications(id) };
  }

  async create(user: AuthUser, dto: CreateOrganizationDto): Promise<OrganizationDto> {
    const fields = this.fields(dto);
    const org = await this.orgs.transaction(async (m) => {
      const max = this.settings.quotas.organizationsPerUser;
      const quota = { quota: 'organizations-per-user', limit: max };
      if ((await this.orgs.countOwnedLocked(m, user.id)) >= max)
        throw conflict('errors.quota.organizations', `You may register at most ${max} organizations`, quota);
      const created = await this.orgs.insertWithOwner(m, fields, user.id);
      await this.consents.recordOrganizationConsents(m, user, created);
      return created;
    });
    return toOrganizationDto(org);
  }

  async update(user: AuthUser, dto: UpdateOrganizationDto): Promise<OrganizationDto> {
    const fields = this.fields(dto);
    await this.access.requireAccess({ auth: { user }, permission: Permission.OrganizationWrite, ids: [dto.id] });
    const saved = await this.orgs.transaction(async (m) => {
      const org = await this.found(dto.id, m);
      if (org.version !== dto.version) throw conflict('errors.stale-version', 'This organization was changed meanwhile; reload it');
      Object.assign(org, fields);
      const updated = await this.orgs.save(m, org);
      await this.consents.recordOrganizationConsents(m, user, updated);
      return updated;
    });
    return toOrganizationDto(saved);
  }

  async delete(user: AuthUser, id: string): Promise<OrganizationDeletedDto> {
    await this.access.requireAccess({ auth: { user }, permission: Permission.OrganizationWrite, ids: [id] });
    const deleted = await this.orgs.transaction(async (m) => {
      await this.found(id, m);
      return { id, archived: await this.orgs.deleteOrArchive(m, id) };
    });
    return deleted;
  }

  async adminPage(query: ListQuery): Promise<Page<AdminOrganizationDto>> {
    const page = await this.orgs.findPage(query);
    return { items: page.items.map(({ org, memberCount }) => toAdminDto(org, memberCount)), total: page.total };
  }

  async adminGet(id: string): Promise<AdminOrganizationDto> {
    const org = await this.found(id);
    const members = await this.orgs.members(id);
    return { ...toAdminDto(org, members.length), members: members.map((m) => ({ ...m, role: m.role as OrganizationRole })) };
  }

  /** One organization (locked for update in a transaction, `m`). */
  private async found(id: string, m?: EntityManager): Promise<OrganizationEntity> {
    const org = await this.orgs.findById(id, m);
    if (!org) throw notFound('errors.organization-not-found', 'Organization not found');
    return org;
  }

  /** The columns from the DTO, after the rules the validation pipe cannot express. */
  private fields(dto: OrganizationFieldsDto): Partial<OrganizationEntity> {
    if (dto[ORGANIZATION_CONSENT_FLAG] !== true) {
      const message = 'The consent to the processing of personal data (personalData) is required';
      throw badRequest('errors.organization-consent-required', message, { errors: { personalData: 'consent required' } });
    }
    const date = dto.date_of_foundation ? dto.date_of_foundation : null;
    if (date !== null && !isFoundationDate(date))
      throw badRequest('errors.organization-date', 'date_of_foundation must be a real date, not in the future', {
        errors: { date_of_foundation: 'invalid date' },
      });
    return {
      ...Object.fromEntries(ORG_TEXTS.map((f) => [f, dto[snakeCase(f) as keyof OrganizationFieldsDto]])),
      dateOfFoundation: date,
      ...Object.fromEntries(ORG_FLAGS.map((f) => [f, dto[f] ?? false])),
      personalData: true,
    };
  }
}

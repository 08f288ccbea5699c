import { Inject, Injectable } from '@nestjs/common';
import { isFoundationDate, ORGANIZATION_CONSENT_FLAG } from '@impact-calls/domain';
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
import type { Membership, MembershipReader } from '../../common/access/memberships.js';
import { Permission } from '../../common/access/permission.js';
import { OrganizationRepository } from './organization.repository.js';

export function toOrganizationDto(o: OrganizationEntity): OrganizationDto {
  return {
    id: o.id,
    name: o.name,
    reg_number: o.regNumber,
    street_name: o.streetName,
    city_name: o.cityName,
    country: o.country,
    date_of_foundation: o.dateOfFoundation,
    contact_name: o.contactName,
    contact_surname: o.contactSurname,
    contact_role: o.contactRole,
    contact_email: o.contactEmail,
    personalData: o.personalData,
    selfCertification: o.selfCertification,
    termsOfService: o.termsOfService,
    nordicCountry: o.nordicCountry,
    preFunding: o.preFunding,
    chnageInLife: o.chnageInLife,
    version: o.version,
    createdAt: o.createdAt.toISOString(),
  };
}

function toAdminDto(o: OrganizationEntity, memberCount: number): AdminOrganizationDto {
  return { ...toOrganizationDto(o), archivedAt: o.archivedAt?.toISOString() ?? null, archived: o.archivedAt !== null, memberCount };
}

/** The access policy's MEMBERSHIP_READER (OrganizationService itself asks the policy): from memory, exact through CacheInvalidation. */
@Injectable()
export class MembershipService implements MembershipReader {
  constructor(private readonly orgs: OrganizationRepository) {}

  async membershipsOf(userId: string): Promise<ReadonlyMap<string, Membership>> {
    return (await this.orgs.memberOrganizations(userId)).memberships;
  }
}

const organizationNotFound = () => notFound('errors.organization-not-found', 'Organization not found');

/**
 * The rules of organizations: a user sees and changes only the organizations it belongs
 * to (anything else is 404, never another's data); the data-processing consent is
 * required; deleting never destroys a submitted application (archived instead).
 */
@Injectable()
export class OrganizationService {
  constructor(
    private readonly orgs: OrganizationRepository,
    private readonly access: AccessPolicy,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** The user's OrganizationDto[], serialized. */
  async listForUserJson(user: AuthUser): Promise<JsonDocument> {
    return (await this.orgs.memberOrganizations(user.id)).json;
  }

  async getForUser(user: AuthUser, id: string): Promise<OrganizationDto> {
    await this.access.requireAccess({ auth: { user }, permission: Permission.OrganizationRead, ids: [id] });
    const org = await this.orgs.findById(id);
    if (!org) throw organizationNotFound();
    return { ...toOrganizationDto(org), sentApplications: await this.orgs.sentApplications(id) };
  }

  async create(user: AuthUser, dto: CreateOrganizationDto): Promise<OrganizationDto> {
    const fields = this.fields(dto);
    const org = await this.orgs.transaction(async (m) => {
      const max = this.settings.quotas.organizationsPerUser;
      if ((await this.orgs.countOwnedLocked(m, user.id)) >= max) {
        throw conflict('errors.quota.organizations', `You may register at most ${max} organizations`, {
          quota: 'organizations-per-user',
          limit: max,
        });
      }
      return this.orgs.insertWithOwner(m, fields, user.id);
    });
    this.orgs.forgetMember(user.id);
    return toOrganizationDto(org);
  }

  async update(user: AuthUser, dto: UpdateOrganizationDto): Promise<OrganizationDto> {
    const fields = this.fields(dto);
    await this.access.requireAccess({ auth: { user }, permission: Permission.OrganizationWrite, ids: [dto.id] });
    const saved = await this.orgs.transaction(async (m) => {
      const org = await this.orgs.findById(dto.id, m);
      if (!org) throw organizationNotFound();
      if (org.version !== dto.version) throw conflict('errors.stale-version', 'This organization was changed meanwhile; reload it');
      Object.assign(org, fields);
      return this.orgs.save(m, org);
    });
    this.orgs.forgetMember(user.id);
    return toOrganizationDto(saved);
  }

  /** Deletes the organization, or archives it when applications reference it. */
  async delete(user: AuthUser, id: string): Promise<OrganizationDeletedDto> {
    await this.access.requireAccess({ auth: { user }, permission: Permission.OrganizationWrite, ids: [id] });
    const deleted = await this.orgs.transaction(async (m) => {
      const org = await this.orgs.findById(id, m);
      if (!org) throw organizationNotFound();
      return { id, archived: await this.orgs.deleteOrArchive(m, id) };
    });
    this.orgs.forgetMember(user.id);
    return deleted;
  }

  async adminPage(query: ListQuery): Promise<Page<AdminOrganizationDto>> {
    const page = await this.orgs.findPage(query);
    return { items: page.items.map(({ org, memberCount }) => toAdminDto(org, memberCount)), total: page.total };
  }

  async adminGet(id: string): Promise<AdminOrganizationDto> {
    const org = await this.orgs.findById(id);
    if (!org) throw organizationNotFound();
    const members = await this.orgs.members(id);
    return { ...toAdminDto(org, members.length), members };
  }

  /** The columns from the DTO, after the rules the validation pipe cannot express. */
  private fields(dto: OrganizationFieldsDto): Partial<OrganizationEntity> {
    if (dto[ORGANIZATION_CONSENT_FLAG] !== true) {
      throw badRequest(
        'errors.organization-consent-required',
        'The consent to the processing of personal data (personalData) is required',
        {
          errors: { personalData: 'consent required' },
        },
      );
    }
    const date = dto.date_of_foundation ? dto.date_of_foundation : null;
    if (date !== null && !isFoundationDate(date)) {
      throw badRequest('errors.organization-date', 'date_of_foundation must be a real date, not in the future', {
        errors: { date_of_foundation: 'invalid date' },
      });
    }
    return {
      name: dto.name,
      regNumber: dto.reg_number,
      streetName: dto.street_name,
      cityName: dto.city_name,
      country: dto.country,
      dateOfFoundation: date,
      contactName: dto.contact_name,
      contactSurname: dto.contact_surname,
      contactRole: dto.contact_role,
      contactEmail: dto.contact_email,
      personalData: true,
      selfCertification: dto.selfCertification ?? false,
      termsOfService: dto.termsOfService ?? false,
      nordicCountry: dto.nordicCountry ?? false,
      preFunding: dto.preFunding ?? false,
      chnageInLife: dto.chnageInLife ?? false,
    };
  }
}

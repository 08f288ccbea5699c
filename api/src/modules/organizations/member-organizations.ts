import { Injectable } from '@nestjs/common';
import type { Membership, MembershipReader } from '../../common/access/memberships.js';
import { jsonDocument, type JsonDocument } from '../../common/http/send-json.js';
import { CacheInvalidation, type SharedCache } from '../../database/shared-cache.js';
import { OrganizationRepository } from './organization.repository.js';

export interface MemberOrganizations {
  /** GetOrganizations' OrganizationDto[] (the active ones). */
  json: JsonDocument;
  /** Every membership, by organization id: what the access policy decides on. */
  memberships: ReadonlyMap<string, Membership>;
}

/**
 * A user's organizations, read on almost every request (the access policy checks
 * SelectedOrganizationId against them; every applicant screen lists them): one query, then
 * cached until the database says a membership or one of the organizations changed.
 */
@Injectable()
export class MemberOrganizationsReader implements MembershipReader {
  // A user with 20 organizations is about 11 KB: 2,000 users stay well under 25 MB.
  private readonly cache: SharedCache<MemberOrganizations>;

  constructor(
    private readonly orgs: OrganizationRepository,
    invalidation: CacheInvalidation,
  ) {
    this.cache = invalidation.cache('organizations-of', { max: 2_000, ttlMs: 60_000 });
  }

  of(userId: string): Promise<MemberOrganizations> {
    return this.cache.get(userId, async () => {
      const { json, memberships } = await this.orgs.findForMemberJson(userId);
      return { json: jsonDocument(json), memberships: new Map(memberships.map((m) => [m.organizationId, m])) };
    });
  }

  async membershipsOf(userId: string): Promise<ReadonlyMap<string, Membership>> {
    return (await this.of(userId)).memberships;
  }

  /** After this replica changed the user's organizations: its own next read is fresh at once. */
  forget(userId: string): void {
    this.cache.evict(userId);
  }
}

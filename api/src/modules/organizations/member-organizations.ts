import { Injectable } from '@nestjs/common';
import { jsonDocument, type JsonDocument } from '../../common/http/send-json.js';
import { CacheInvalidation, type SharedCache } from '../../database/shared-cache.js';
import { OrganizationRepository } from './organization.repository.js';

export interface MemberOrganizations {
  /** GetOrganizations' OrganizationDto[]. */
  json: JsonDocument;
  /** Their ids: what SelectedOrganizationId may name. */
  ids: ReadonlySet<string>;
}

/**
 * A user's active organizations, read on almost every request (the access guard checks
 * SelectedOrganizationId against them; every applicant screen lists them): one query, then
 * cached until the database says a membership or one of the organizations changed.
 */
@Injectable()
export class MemberOrganizationsReader {
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
      const { json, ids } = await this.orgs.findForMemberJson(userId);
      return { json: jsonDocument(json), ids: new Set(ids) };
    });
  }

  /** After this replica changed the user's organizations: its own next read is fresh at once. */
  forget(userId: string): void {
    this.cache.evict(userId);
  }
}

import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { CacheInvalidation, deepFreeze, type SharedCache } from '../../database/shared-cache.js';
import { Sql } from '../../database/sql.js';
import { CallSubmissionEntity } from './call-submission.entity.js';

/** An organization's submission of a call, as the applicant's call list shows it. */
export interface SubmissionOfCall {
  id: string;
  closed: boolean;
}

@Injectable()
export class CallSubmissionsRepository {
  /**
   * Each organization's submissions by call: what every page of the applicant's call list shows. The
   * `organization-submissions` topic (migration OrganizationSubmissionsCache) evicts an organization's on a
   * submission created, deleted, closed, reopened or moved; the writes of this replica also evict at once.
   */
  private readonly byOrganization: SharedCache<ReadonlyMap<string, SubmissionOfCall>>;

  constructor(
    @InjectRepository(CallSubmissionEntity) private readonly subs: Repository<CallSubmissionEntity>,
    invalidation: CacheInvalidation,
    private readonly sql: Sql,
  ) {
    this.byOrganization = invalidation.cache('organization-submissions', { max: 20_000, ttlMs: 10 * 60_000 });
  }

  findByCallAndOrganization(callId: string, organizationId: string): Promise<CallSubmissionEntity | null> {
    return this.subs.findOne({ where: { callId, organizationId } });
  }

  /** The organization's submissions by call id, from memory: frozen, shared by every request. */
  submissionsOf(organizationId: string): Promise<ReadonlyMap<string, SubmissionOfCall>> {
    return this.byOrganization.get(organizationId, async () => {
      const rows = await this.sql.rows<SubmissionOfCall & { callId: string }>(
        'calls-submissions-of',
        'SELECT s.call_id AS "callId", s.id, s.closed FROM call_submission s WHERE s.organization_id = $1',
        [organizationId],
      );
      return new Map(rows.map((r) => [r.callId, deepFreeze({ id: r.id, closed: r.closed })]));
    });
  }

  /** After a committed change of the organization's submissions: this replica reads them again at once (the others on the notification). */
  forgetSubmissionsOf(organizationId: string): void {
    this.byOrganization.evict(organizationId);
  }

  /** Inserts unless the call+organization already has one; answers whether a row was inserted. */
  async insertIfAbsent(row: Pick<CallSubmissionEntity, 'callId' | 'organizationId' | 'userId' | 'code'>): Promise<boolean> {
    const rows: unknown[] = await this.subs.manager.query(
      `INSERT INTO call_submission (call_id, organization_id, user_id, code) VALUES ($1, $2, $3, $4)
       ON CONFLICT (call_id, organization_id) DO NOTHING RETURNING id`,
      [row.callId, row.organizationId, row.userId, row.code],
    );
    if (rows.length) this.forgetSubmissionsOf(row.organizationId);
    return rows.length > 0;
  }
}

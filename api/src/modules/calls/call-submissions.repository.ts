import { Injectable } from '@nestjs/common';
import type { Decision } from '@impact-calls/domain';
import { CacheInvalidation, deepFreeze, type SharedCache } from '../../database/shared-cache.js';
import { Sql } from '../../database/sql.js';
import { db, statement } from '../../database/typed-sql.js';

const submissionsOf = statement('calls-submissions-of', (p: { organizationId: string }) =>
  db
    .selectFrom('callSubmission')
    .select((eb) => ['callId', 'id', 'closed', eb.ref('decision').$castTo<Decision | null>().as('decision')])
    .where('organizationId', '=', p.organizationId),
);

/** An organization's submission of a call, as the applicant's call list shows it (`decision`: the released one, else null). */
export type SubmissionOfCall = Pick<typeof submissionsOf.row, 'id' | 'closed' | 'decision'>;

/** Reads only: the submissions module owns call_submission and writes it. */
@Injectable()
export class CallSubmissionsRepository {
  /** Each organization's submissions by call (every page of the applicant's list): the `organization-submissions` topic evicts them. */
  private readonly byOrganization: SharedCache<ReadonlyMap<string, SubmissionOfCall>>;

  constructor(
    invalidation: CacheInvalidation,
    private readonly sql: Sql,
  ) {
    this.byOrganization = invalidation.cache('organization-submissions', { max: 20_000, ttlMs: 10 * 60_000 });
  }

  submissionsOf(organizationId: string): Promise<ReadonlyMap<string, SubmissionOfCall>> {
    return this.byOrganization.get(organizationId, async () => {
      const rows = await this.sql.run(submissionsOf, { organizationId });
      return new Map(rows.map((r) => [r.callId, deepFreeze({ id: r.id, closed: r.closed, decision: r.decision })]));
    });
  }
}

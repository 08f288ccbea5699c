import { sql, type Expression, type Selectable } from 'kysely';
import type { Organization } from './schema.js';

/**
 * Typed forms, for statements written with Kysely (typed-sql.ts), of SQL rules another module
 * owns as text; each says whose. They move into their module when its repositories convert.
 */

/**
 * A submission's organization as it was sent (submissions/submitted-organization.ts,
 * SUBMITTED_ORGANIZATION_JOIN): the snapshot kept at its last submission over today's row,
 * `now`. Used after `.innerJoin('organization as oNow', 'oNow.id', '<s>.organizationId')` as
 * `.crossJoinLateral((eb) => organizationAsSent('oNow', eb.ref('<s>.organizationSnapshot'), 'o'))`.
 */
export function organizationAsSent<A extends string>(now: string, snapshot: Expression<unknown>, as: A) {
  return sql<Selectable<Organization>>`jsonb_populate_record(${sql.table(now)}, ${snapshot})`.as(as);
}

import { sql, type Expression, type Selectable } from 'kysely';
import type { Json, Organization } from '../../database/schema.js';

/**
 * What a submission keeps of its organization (`o`) when it is sent: every column but the
 * technical ones, so a column added later is kept too.
 */
export const organizationSnapshot = (o: string) =>
  sql<Json>`to_jsonb(${sql.table(o)}) - '{id,created_at,updated_at,version,created_by_id,archived_at,name_folded}'::text[]`;

/**
 * A submission's organization as it was sent: the copy kept at its last submission over today's
 * row `now`, so a sent application's documents, exports and figures do not move when the
 * organization is edited (a submission never sent shows today's data). Used after
 * `.innerJoin('organization as oNow', 'oNow.id', '<s>.organizationId')` as
 * `.crossJoinLateral((eb) => organizationAsSent('oNow', eb.ref('<s>.organizationSnapshot'), 'o'))`.
 */
export function organizationAsSent<A extends string>(now: string, snapshot: Expression<unknown>, as: A) {
  return sql<Selectable<Organization>>`jsonb_populate_record(${sql.table(now)}, ${snapshot})`.as(as);
}

/** `organizationAsSent` as SQL text (submission `s`'s organization joined as `o`), for the statements not yet typed. */
export const SUBMITTED_ORGANIZATION_JOIN = (s: string, o: string) =>
  `JOIN organization ${o}_now ON ${o}_now.id = ${s}.organization_id ` +
  `CROSS JOIN LATERAL jsonb_populate_record(${o}_now, ${s}.organization_snapshot) ${o}`;

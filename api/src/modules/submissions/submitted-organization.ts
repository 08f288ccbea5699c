import { sql, type Expression, type Selectable } from 'kysely';
import type { Json, Organization } from '../../database/schema.js';

/** What a submission keeps of its organization (`o`) when it is sent: every column but the technical ones (a new column included). */
export const organizationSnapshot = (o: string) =>
  sql<Json>`to_jsonb(${sql.table(o)}) - '{id,created_at,updated_at,version,created_by_id,archived_at,name_folded}'::text[]`;

/**
 * A submission's organization as it was sent (its copy over today's row `now`), so a sent application does not
 * move when the organization is edited: `.crossJoinLateral((eb) => organizationAsSent('oNow', eb.ref('s.organizationSnapshot'), 'o'))`.
 */
export function organizationAsSent<A extends string>(now: string, snapshot: Expression<unknown>, as: A) {
  return sql<Selectable<Organization>>`jsonb_populate_record(${sql.table(now)}, ${snapshot})`.as(as);
}

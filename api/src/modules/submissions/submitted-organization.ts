/**
 * What a submission keeps of its organization when it is sent: every column but the technical
 * ones, so a column added later is kept too.
 */
export const ORGANIZATION_SNAPSHOT = (o: string) =>
  `to_jsonb(${o}) - '{id,created_at,updated_at,version,created_by_id,archived_at,name_folded}'::text[]`;

/**
 * Joins submission `s`'s organization as `o` as the submission was sent: the copy kept at its
 * last submission over today's row, so a sent application's documents, exports and figures do
 * not move when the organization is edited (a submission never sent shows today's data).
 */
export const SUBMITTED_ORGANIZATION_JOIN = (s: string, o: string) =>
  `JOIN organization ${o}_now ON ${o}_now.id = ${s}.organization_id ` +
  `CROSS JOIN LATERAL jsonb_populate_record(${o}_now, ${s}.organization_snapshot) ${o}`;

import { sql, type Expression } from 'kysely';

type At = Expression<Date> | Date;

/**
 * The domain's call phases (isCallOpen, callPhase in @impact-calls/domain) as SQL conditions, so
 * every statement draws the same boundaries: open from opening_at through closing_at, both
 * included; upcoming before opening_at; closed after closing_at.
 * `callPhaseIs.open({ openingAt: eb.ref('c.openingAt'), closingAt: eb.ref('c.closingAt') }, now)`.
 */
export const callPhaseIs = {
  open: (c: { openingAt: At; closingAt: At }, now: At) => sql<boolean>`(${c.openingAt} <= ${now} AND ${now} <= ${c.closingAt})`,
  upcoming: (c: { openingAt: At }, now: At) => sql<boolean>`(${now} < ${c.openingAt})`,
  closed: (c: { closingAt: At }, now: At) => sql<boolean>`(${c.closingAt} < ${now})`,
};

import { sql, type Expression } from 'kysely';

type At = Expression<Date> | Date;

/** The domain's call phases (callPhase) as SQL conditions, so every statement draws the same boundaries (open includes both dates). */
export const callPhaseIs = {
  open: (c: { openingAt: At; closingAt: At }, now: At) => sql<boolean>`(${c.openingAt} <= ${now} AND ${now} <= ${c.closingAt})`,
  upcoming: (c: { openingAt: At }, now: At) => sql<boolean>`(${now} < ${c.openingAt})`,
  closed: (c: { closingAt: At }, now: At) => sql<boolean>`(${c.closingAt} < ${now})`,
};

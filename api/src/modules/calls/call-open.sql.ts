import { sql, type Expression } from 'kysely';

/**
 * The domain's call phases (isCallOpen, callPhase in @impact-calls/domain) as SQL conditions, so
 * every statement draws the same boundaries: open from opening_at through closing_at, both
 * included; upcoming before opening_at; closed after closing_at. Written once for any template
 * tag: `sql` for typed statements, `String.raw` for the text that statements not yet typed embed.
 */
const phases = <V, R>(tag: (s: TemplateStringsArray, ...v: V[]) => R) => ({
  open: (c: { openingAt: V; closingAt: V }, now: V) => tag`(${c.openingAt} <= ${now} AND ${now} <= ${c.closingAt})`,
  upcoming: (c: { openingAt: V }, now: V) => tag`(${now} < ${c.openingAt})`,
  closed: (c: { closingAt: V }, now: V) => tag`(${c.closingAt} < ${now})`,
});

/** Typed: `callPhaseIs.open({ openingAt: eb.ref('c.openingAt'), closingAt: eb.ref('c.closingAt') }, now)`. */
export const callPhaseIs = phases((s, ...v: (Expression<Date> | Date)[]) => sql<boolean>(s, ...v));

const text = phases<string, string>(String.raw);
const column = (alias: string, name: string) => (alias ? `${alias}.${name}` : name);
const dates = (alias: string) => ({ openingAt: column(alias, 'opening_at'), closingAt: column(alias, 'closing_at') });

/** As text: `alias` is the call table's alias (empty for none), `now` any SQL expression of the instant (a parameter such as `$1`). */
export const CALL_IS_OPEN = (alias = 'c', now = 'now()') => text.open(dates(alias), now);
export const CALL_IS_UPCOMING = (alias = 'c', now = 'now()') => text.upcoming(dates(alias), now);
export const CALL_IS_CLOSED = (alias = 'c', now = 'now()') => text.closed(dates(alias), now);

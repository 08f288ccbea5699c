/**
 * The domain's call phases (isCallOpen, callPhase in @impact-calls/domain) as SQL conditions, so
 * every statement draws the same boundaries: open from opening_at through closing_at, both
 * included; upcoming before opening_at; closed after closing_at. `alias` is the call table's
 * alias (empty for none), `now` any SQL expression of the instant (a parameter such as `$1`).
 */
const column = (alias: string, name: string) => (alias ? `${alias}.${name}` : name);

export function CALL_IS_OPEN(alias = 'c', now = 'now()'): string {
  return `(${column(alias, 'opening_at')} <= ${now} AND ${now} <= ${column(alias, 'closing_at')})`;
}

export function CALL_IS_UPCOMING(alias = 'c', now = 'now()'): string {
  return `(${now} < ${column(alias, 'opening_at')})`;
}

export function CALL_IS_CLOSED(alias = 'c', now = 'now()'): string {
  return `(${column(alias, 'closing_at')} < ${now})`;
}

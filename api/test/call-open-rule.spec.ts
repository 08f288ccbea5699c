/**
 * The call's phases in SQL (call-open.sql.ts) against the domain's (isCallOpen, callPhase): the
 * same answer at and around the opening and closing instants, evaluated by PostgreSQL itself.
 */
import { callPhase, isCallOpen } from '@impact-calls/domain';
import pg from 'pg';
import { CALL_IS_CLOSED, CALL_IS_OPEN, CALL_IS_UPCOMING } from '../src/modules/calls/call-open.sql.js';

const OPENING = new Date('2031-03-01T09:00:00.000Z');
const CLOSING = new Date('2031-03-31T17:00:00.000Z');
const at = (d: Date, ms: number) => new Date(d.getTime() + ms);
const INSTANTS: [string, Date][] = [
  ['one ms before opening', at(OPENING, -1)],
  ['the opening instant', OPENING],
  ['one ms after opening', at(OPENING, 1)],
  ['one ms before closing', at(CLOSING, -1)],
  ['the closing instant', CLOSING],
  ['one ms after closing', at(CLOSING, 1)],
];

let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: process.env.TEST_SERVER_URL });
  await client.connect();
});
afterAll(() => client.end());

async function sqlPhases(now: Date, alias: string) {
  const { rows } = await client.query<{ open: boolean; upcoming: boolean; closed: boolean }>(
    `SELECT ${CALL_IS_OPEN(alias, '$3')} AS open, ${CALL_IS_UPCOMING(alias, '$3')} AS upcoming, ${CALL_IS_CLOSED(alias, '$3')} AS closed
       FROM (SELECT $1::timestamptz AS opening_at, $2::timestamptz AS closing_at) ${alias || 'x'}`,
    [OPENING, CLOSING, now],
  );
  return rows[0];
}

describe('the call-open rule is the same in SQL and in the domain', () => {
  it.each(INSTANTS)('at %s', async (_name, now) => {
    const call = { openingAt: OPENING.toISOString(), closingAt: CLOSING.toISOString() };
    const phase = callPhase(call, now);
    for (const alias of ['c', '']) {
      expect(await sqlPhases(now, alias)).toEqual({
        open: isCallOpen(call, now),
        upcoming: phase === 'upcoming',
        closed: phase === 'closed',
      });
    }
  });

  it('includes both the opening and the closing instants', () => {
    const call = { openingAt: OPENING, closingAt: CLOSING };
    expect([
      isCallOpen(call, at(OPENING, -1)),
      isCallOpen(call, OPENING),
      isCallOpen(call, CLOSING),
      isCallOpen(call, at(CLOSING, 1)),
    ]).toEqual([false, true, true, false]);
  });

  it('uses now() when no instant is given', async () => {
    const { rows } = await client.query<{ open: boolean }>(
      `SELECT ${CALL_IS_OPEN()} AS open FROM (SELECT now() - interval '1 hour' AS opening_at, now() + interval '1 hour' AS closing_at) c`,
    );
    expect(rows[0].open).toBe(true);
  });
});

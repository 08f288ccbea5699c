/**
 * The call's phases in SQL (call-open.sql.ts) against the domain's (isCallOpen, callPhase): the
 * same answer at and around the opening and closing instants, evaluated by PostgreSQL itself.
 */
import { callPhase, isCallOpen } from '@impact-calls/domain';
import { sql } from 'kysely';
import pg from 'pg';
import { db } from '../src/database/typed-sql.js';
import { callPhaseIs } from '../src/modules/calls/call-open.sql.js';

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

/** The three phases as the API's statements write them (callPhaseIs), evaluated by PostgreSQL. */
async function sqlPhases(now: Date) {
  const c = { openingAt: sql<Date>`${OPENING}::timestamptz`, closingAt: sql<Date>`${CLOSING}::timestamptz` };
  const at = sql<Date>`${now}::timestamptz`;
  const { sql: text, parameters } = db
    .selectNoFrom([callPhaseIs.open(c, at).as('open'), callPhaseIs.upcoming(c, at).as('upcoming'), callPhaseIs.closed(c, at).as('closed')])
    .compile();
  const { rows } = await client.query<{ open: boolean; upcoming: boolean; closed: boolean }>(text, [...parameters]);
  return rows[0];
}

describe('the call-open rule is the same in SQL and in the domain', () => {
  it.each(INSTANTS)('at %s', async (_name, now) => {
    const call = { openingAt: OPENING.toISOString(), closingAt: CLOSING.toISOString() };
    const phase = callPhase(call, now);
    expect(await sqlPhases(now)).toEqual({
      open: isCallOpen(call, now),
      upcoming: phase === 'upcoming',
      closed: phase === 'closed',
    });
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
});

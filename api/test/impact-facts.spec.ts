import { createTestApp, type TestApp } from './app.js';
import type { ImpactFrameworkDto } from '../src/modules/impact/dto/impact-framework.dto.js';

/**
 * A submission's impact facts (`submission_impact`: the portfolio dashboard's SDGs, outcomes,
 * indicators and budgets, and the list's filters on them) are written by the API with every save
 * of a miniDyi answer, from all the submission's miniDyi answers; no trigger writes them.
 */
let t: TestApp;
let fw: ImpactFrameworkDto;

beforeAll(async () => {
  t = await createTestApp();
  const user = await t.factory.user();
  const { id } = await t.factory.impactFramework({ outcomes: 3 });
  fw = (await t.http.get(`/api/ImpactFramework/GetImpactFrameworkById?ImpactFrameworkId=${id}`).set(user.headers()).expect(200)).body;
});
afterAll(() => t.close());

const SETTINGS = { showSdgFilter: true, maxOutcomeSelect: 2, maxSdgSelect: 3 };

/** An applicant of a call with two miniDyi steps. */
async function applicant() {
  const call = await t.factory.call({
    steps: [
      { kind: 'miniDyi', name: 'Impact', content: { frameworkId: fw.id, ...SETTINGS } },
      { kind: 'miniDyi', name: 'More impact', content: { frameworkId: fw.id, ...SETTINGS } },
    ],
  });
  const [first, second] = call.callType.steps.filter((s) => s.stepTypeName === 'miniDyi').map((s) => s.id);
  return { ...(await t.factory.applicant(call.id)), first, second };
}
type Applicant = Awaited<ReturnType<typeof applicant>>;

/** Framework outcome i (on SDG i + 1) with its first indicator ticked. */
const picked = (i: number) => {
  const o = fw.outcomes.find((x) => x.name === `Outcome ${i + 1}`)!;
  const ind = o.indicators[0];
  return {
    outcomeId: o.id,
    outcomeName: o.name,
    sdg: o.sdg,
    stakeholderId: fw.stakeholders[0].id,
    stakeholderName: '',
    indicators: [
      { indicatorId: ind.id, indicatorName: ind.name, indicatorTargetValue: 10, proxyId: ind.proxies[0].id, proxyName: '', proxyValue: 1 },
    ],
  };
};
const custom = {
  outcomeId: null,
  customKey: 'CustomKey001',
  outcomeName: 'Ours',
  sdg: null,
  stakeholderId: null,
  stakeholderName: '',
  indicators: [],
};

const put = (a: Applicant, stepId: string, body: Record<string, unknown>) =>
  t.http
    .put('/api/ImpactFramework/PutMiniDYI')
    .set(a.h)
    .send({ callSubmissionId: a.submissionId, stepId, ...body });
const upsert = (a: Applicant, stepId: string, content: unknown, version: number) =>
  t.http.post('/api/Call/UpsertCallStepResult').set(a.h).send({ callSubmissionId: a.submissionId, stepId, content, version });
const facts = async (a: Applicant) =>
  (
    await t.db.query(
      `SELECT sdgs, outcome_ids AS "outcomeIds", indicator_ids AS "indicatorIds", custom_outcomes AS "customOutcomes", budget
         FROM submission_impact WHERE submission_id = $1`,
      [a.submissionId],
    )
  )[0];
const outcomeId = (i: number) => picked(i).outcomeId;
const indicatorId = (i: number) => picked(i).indicators[0].indicatorId;

describe('the impact facts of a submission', () => {
  it('are written with a saved miniDyi answer, follow its updates and merge its miniDyi steps', async () => {
    const a = await applicant();
    expect(await facts(a)).toBeUndefined();
    expect((await put(a, a.first, { sdg: [1, 3], selectedOutcomes: [picked(0)], budget: 1000 })).status).toBe(200);
    expect(await facts(a)).toEqual({
      sdgs: [1, 3],
      outcomeIds: [outcomeId(0)],
      indicatorIds: [indicatorId(0)],
      customOutcomes: 0,
      budget: 1000,
    });

    const read = await t.http.get(`/api/ImpactFramework/MiniDYI?submissionId=${a.submissionId}&stepId=${a.first}`).set(a.h).expect(200);
    const updated = await upsert(a, a.first, { sdg: [2], selectedOutcomes: [picked(1), custom], budget: 500 }, read.body.version);
    expect(updated.status).toBe(200);
    expect(await facts(a)).toEqual({
      sdgs: [2],
      outcomeIds: [outcomeId(1)],
      indicatorIds: [indicatorId(1)],
      customOutcomes: 1,
      budget: 500,
    });

    expect((await put(a, a.second, { sdg: [1], selectedOutcomes: [picked(0)], budget: 250 })).status).toBe(200);
    expect(await facts(a)).toEqual({
      sdgs: [1, 2],
      outcomeIds: [outcomeId(0), outcomeId(1)].sort(),
      indicatorIds: [indicatorId(0), indicatorId(1)].sort(),
      customOutcomes: 1,
      budget: 750,
    });
  });

  it('leave out the malformed values of a stored answer without failing the save', async () => {
    const a = await applicant();
    expect((await put(a, a.first, { sdg: [1], selectedOutcomes: [picked(0)], budget: 1000 })).status).toBe(200);
    // An answer stored by an earlier version, with values the API no longer accepts.
    await t.db.query(`UPDATE step_result SET content = content || '{"sdg": [16, 16.5, "x", 99], "budget": "lots"}' WHERE step_id = $1`, [
      a.first,
    ]);
    expect((await put(a, a.second, { sdg: [3], selectedOutcomes: [picked(2)], budget: 250 })).status).toBe(200);
    expect(await facts(a)).toMatchObject({ sdgs: [1, 3, 16], outcomeIds: [outcomeId(0), outcomeId(2)].sort(), budget: 250 });
  });
});

import { createTestApp, type TestApp } from './app.js';
import type { TestUser } from './factory.js';
import { BUILT_IN_STEP_TYPE_IDS as KIND } from '../src/modules/steps/step-type.entity.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.factory.user({ admin: true });
});
afterAll(() => t.close());

/** Saves a call type with one step of the kind; answers the HTTP response. */
function saveStep(kind: keyof typeof KIND, content: unknown) {
  return t.http
    .post('/api/Call/CreateCallType')
    .set(admin.headers())
    .send({ name: t.factory.unique('Type'), description: 'd', steps: [{ name: 'S', stepTypeId: KIND[kind], content }] });
}

describe('step types', () => {
  it('has the six built-in kinds, quiz hidden from the picker', async () => {
    const user = await t.factory.user();
    const res = await t.http.get('/api/Step/GetStepTypes').set(user.headers()).expect(200);
    const byName = new Map((res.body as { id: string; name: string; hiddenInPicker: boolean }[]).map((s) => [s.name, s]));
    for (const [name, id] of Object.entries(KIND)) expect(byName.get(name)).toEqual({ id, name, hiddenInPicker: name === 'quiz' });
  });

  it('creates a step type by name, unique whatever the case', async () => {
    const name = `kind-${Date.now()}`;
    const res = await t.http
      .post('/api/Step/CreateStepType')
      .set(admin.headers())
      .send({ name: ` ${name} ` })
      .expect(200);
    expect(res.body).toMatchObject({ name, hiddenInPicker: false });
    const dup = await t.http.post('/api/Step/CreateStepType').set(admin.headers()).send({ name: name.toUpperCase() }).expect(409);
    expect(dup.body.key).toBe('pages.admin.error-step-type-exists');
    await t.http.post('/api/Step/CreateStepType').set(admin.headers()).send({ name: 'Quiz' }).expect(409);
    for (const body of [
      {},
      { name: '' },
      { name: '  ' },
      { name: 'x'.repeat(101) },
      { name: 'a<b>' },
      { name: 3 },
      { name: 'ok', hiddenInPicker: true },
    ]) {
      const bad = await t.http.post('/api/Step/CreateStepType').set(admin.headers()).send(body).expect(400);
      expect(bad.body.key).toBe('errors.validation');
    }
    // An added kind is usable in a call type; its content is kept as sent.
    const custom = res.body.id;
    const saved = await t.http
      .post('/api/Call/CreateCallType')
      .set(admin.headers())
      .send({ name: t.factory.unique('Type'), description: 'd', steps: [{ name: 'S', stepTypeId: custom, content: { anything: [1, 2] } }] })
      .expect(200);
    expect(saved.body.steps[0]).toMatchObject({ content: { anything: [1, 2] }, stepType: { id: custom, name } });
  });

  it('lets only administrators create step types', async () => {
    const user = await t.factory.user();
    await t.http.post('/api/Step/CreateStepType').send({ name: 'x' }).expect(401);
    const res = await t.http
      .post('/api/Step/CreateStepType')
      .set(user.headers())
      .send({ name: `nope-${Date.now()}` })
      .expect(403);
    expect(res.body.key).toBe('errors.admin-only');
    await t.http.get('/api/Step/GetStepTypes').expect(401);
  });
});

describe('reading steps', () => {
  it('answers the steps of a visible call in order, 404 for a call type no call uses', async () => {
    const call = await t.factory.call({
      steps: [
        { kind: 'text', name: 'one', content: { html: '<p>1</p>' } },
        { kind: 'results', name: 'two', content: { lowerScore: 0, upperScore: 100 } },
      ],
    });
    const user = await t.factory.user();
    const steps = await t.http.get(`/api/Step/GetSteps?callTypeId=${call.callTypeId}`).set(user.headers()).expect(200);
    expect(
      steps.body.map((s: { name: string; title: string; sort: number; stepTypeName: string }) => [s.name, s.title, s.sort, s.stepTypeName]),
    ).toEqual([
      ['one', 'one', 1, 'text'],
      ['two', 'two', 2, 'results'],
    ]);
    const one = await t.http.get(`/api/Step/GetStepById?id=${steps.body[1].id}`).set(user.headers()).expect(200);
    expect(one.body).toMatchObject({ content: { lowerScore: 0, upperScore: 100 }, stepType: { name: 'results' } });
    expect(one.body.expectedAnswers).toBeUndefined();

    const lonely = (
      await t.http
        .post('/api/Call/CreateCallType')
        .set(admin.headers())
        .send({ name: t.factory.unique('T'), description: 'd', steps: [{ name: 'x', stepTypeId: KIND.text }] })
        .expect(200)
    ).body;
    await t.http.get(`/api/Step/GetSteps?callTypeId=${lonely.id}`).set(user.headers()).expect(404);
    await t.http.get(`/api/Step/GetStepById?id=${lonely.steps[0].id}`).set(user.headers()).expect(404);
    await t.http.get('/api/Step/GetStepById?id=nope').set(user.headers()).expect(400);
    await t.http.get('/api/Step/GetSteps').set(user.headers()).expect(400);
  });
});

describe('step contents', () => {
  const slot = { file_name: 'Budget', file_description: 'The budget', file_type: 'excel', dimensions: 2_000_000, mandatory: true };

  it('accepts upload slots and fills defaults', async () => {
    const res = await saveStep('upload', [slot, { file_name: ' CV ', file_type: 'pdf', dimensions: 1 }]).expect(200);
    expect(res.body.steps[0].content).toEqual([
      slot,
      { file_name: 'CV', file_description: '', file_type: 'pdf', dimensions: 1, mandatory: false },
    ]);
  });

  it.each<[string, unknown, string]>([
    ['not a list', { file_name: 'x' }, 'steps.0.content'],
    ['empty list', [], 'steps.0.content'],
    ['missing name', [{ ...slot, file_name: ' ' }], 'steps.0.content.0.file_name'],
    ['bad kind', [{ ...slot, file_type: 'zip' }], 'steps.0.content.0.file_type'],
    ['zero bytes', [{ ...slot, dimensions: 0 }], 'steps.0.content.0.dimensions'],
    ['fractional bytes', [{ ...slot, dimensions: 1.5 }], 'steps.0.content.0.dimensions'],
    ['bytes as text', [{ ...slot, dimensions: '100' }], 'steps.0.content.0.dimensions'],
    ['too large', [{ ...slot, dimensions: 5 * 1024 * 1024 + 1 }], 'steps.0.content.0.dimensions'],
    ['mandatory not boolean', [{ ...slot, mandatory: 'yes' }], 'steps.0.content.0.mandatory'],
    ['long description', [{ ...slot, file_description: 'x'.repeat(1025) }], 'steps.0.content.0.file_description'],
    ['unknown key', [{ ...slot, path: '/etc/passwd' }], 'steps.0.content.0.path'],
  ])('refuses an upload step with %s', async (_, content, field) => {
    const res = await saveStep('upload', content).expect(400);
    expect(res.body.key).toBe('errors.step-content');
    expect(Object.keys(res.body.errors)).toEqual([field]);
  });

  it('reads both miniDyi formats and applies the defaults', async () => {
    const id = '0b6f6f8e-2d43-4a8e-9f5e-1c2d3e4f5a6b';
    const old = await saveStep('miniDyi', id.toUpperCase()).expect(200);
    expect(old.body.steps[0].content).toEqual({ frameworkId: id, showSdgFilter: true, maxOutcomeSelect: 4, maxSdgSelect: 4 });
    const obj = await saveStep('miniDyi', { frameworkId: id, showSdgFilter: false, maxOutcomeSelect: 2 }).expect(200);
    expect(obj.body.steps[0].content).toEqual({ frameworkId: id, showSdgFilter: false, maxOutcomeSelect: 2, maxSdgSelect: 4 });
    for (const [bad, field] of [
      ['framework', ''],
      [JSON.stringify({ frameworkId: id }), ''],
      [[id], ''],
      [{ frameworkId: 'x' }, '.frameworkId'],
      [{ frameworkId: id, maxSdgSelect: 18 }, '.maxSdgSelect'],
      [{ frameworkId: id, maxSdgSelect: '3' }, '.maxSdgSelect'],
      [{ frameworkId: id, maxOutcomeSelect: 0 }, '.maxOutcomeSelect'],
      [{ frameworkId: id, showSdgFilter: 'no' }, '.showSdgFilter'],
      [{ frameworkId: id, showSdgFilter: 'true' }, '.showSdgFilter'],
      [{ frameworkId: id, budget: 3 }, '.budget'],
    ] as const) {
      const res = await saveStep('miniDyi', bad).expect(400);
      expect(res.body.key).toBe('errors.step-content');
      expect(Object.keys(res.body.errors)).toEqual([`steps.0.content${field}`]);
    }
  });

  it('reads the all-zeros framework id as none: refused when the call names no framework', async () => {
    const res = await saveStep('miniDyi', { frameworkId: '00000000-0000-0000-0000-000000000000' }).expect(400);
    expect(res.body.key).toBe('pages.admin.steps.error-minidyi-no-framework');
    expect(Object.keys(res.body.errors)).toEqual(['steps.0.content.frameworkId']);
  });

  it('stores the SROI options of a miniDyi step in full, and accepts each at its bounds', async () => {
    const id = '0b6f6f8e-2d43-4a8e-9f5e-1c2d3e4f5a6b';
    const defaults = { years: 3, discountRate: 0, deadweight: 0, displacement: 0, attribution: 0, dropOff: 0, rampUp: 'flat' };
    const some = await saveStep('miniDyi', { frameworkId: id, sroi: { discountRate: 0.035, rampUp: 'linear' } }).expect(200);
    expect(some.body.steps[0].content.sroi).toEqual({ ...defaults, discountRate: 0.035, rampUp: 'linear' });
    const edges = { years: 30, discountRate: 1, deadweight: 0, displacement: 1, attribution: 0.5, dropOff: 1, rampUp: 'flat' };
    expect((await saveStep('miniDyi', { frameworkId: id, sroi: edges }).expect(200)).body.steps[0].content.sroi).toEqual(edges);
    expect((await saveStep('miniDyi', { frameworkId: id, sroi: { years: 1 } }).expect(200)).body.steps[0].content.sroi.years).toBe(1);
    // Without options nothing is stored; an empty object or null options take the defaults.
    expect((await saveStep('miniDyi', { frameworkId: id }).expect(200)).body.steps[0].content.sroi).toBeUndefined();
    expect((await saveStep('miniDyi', { frameworkId: id, sroi: {} }).expect(200)).body.steps[0].content.sroi).toEqual(defaults);
    expect((await saveStep('miniDyi', { frameworkId: id, sroi: { dropOff: null } }).expect(200)).body.steps[0].content.sroi).toEqual(
      defaults,
    );
  });

  it.each([
    ['years 0', { years: 0 }, 'sroi.years'],
    ['years 31', { years: 31 }, 'sroi.years'],
    ['years 2.5', { years: 2.5 }, 'sroi.years'],
    ['years as text', { years: '3' }, 'sroi.years'],
    ['a negative discount rate', { discountRate: -0.01 }, 'sroi.discountRate'],
    ['a discount rate in percent', { discountRate: 3.5 }, 'sroi.discountRate'],
    ['deadweight over 1', { deadweight: 1.01 }, 'sroi.deadweight'],
    ['displacement as text', { displacement: '0.1' }, 'sroi.displacement'],
    ['a negative attribution', { attribution: -1 }, 'sroi.attribution'],
    ['drop-off over 1', { dropOff: 2 }, 'sroi.dropOff'],
    ['an unknown ramp-up', { rampUp: 'fast' }, 'sroi.rampUp'],
    ['an unknown option', { inflation: 0.02 }, 'sroi.inflation'],
    ['options that are not an object', 'x', 'sroi'],
    ['options that are a list', [0.1], 'sroi'],
  ])('refuses a miniDyi step whose SROI options have %s, naming the field', async (_, sroi, field) => {
    const res = await saveStep('miniDyi', { frameworkId: '0b6f6f8e-2d43-4a8e-9f5e-1c2d3e4f5a6b', sroi }).expect(400);
    expect(res.body.key).toBe('errors.step-content');
    expect(Object.keys(res.body.errors)).toEqual([`steps.0.content.${field}`]);
  });

  it('checks the score bounds of a results step', async () => {
    const ok = await saveStep('results', { lowerScore: -1.5, upperScore: 8 }).expect(200);
    expect(ok.body.steps[0].content).toEqual({ lowerScore: -1.5, upperScore: 8 });
    for (const bad of [
      null,
      {},
      { lowerScore: 5, upperScore: 1 },
      { lowerScore: '1', upperScore: 2 },
      { lowerScore: 0, upperScore: 1, extra: 1 },
    ]) {
      const res = await saveStep('results', bad).expect(400);
      expect(res.body.key).toBe('errors.step-content');
    }
  });

  it('accepts SurveyJS JSON as an object or as text, and refuses anything else', async () => {
    const survey = { pages: [{ name: 'p', elements: [{ type: 'rating', name: 'nps', rateMin: 0, rateMax: 10 }] }] };
    expect((await saveStep('survey', survey).expect(200)).body.steps[0].content).toEqual(survey);
    expect((await saveStep('survey', JSON.stringify(survey)).expect(200)).body.steps[0].content).toEqual(survey);
    for (const bad of ['{not json', 42, [survey], { title: 'no pages' }]) {
      const res = await saveStep('survey', bad).expect(400);
      expect(res.body.key).toBe('errors.step-content');
    }
  });

  it('needs a quiz with questions and at least one correct answer', async () => {
    const q = (correct?: unknown) => ({
      pages: [
        { name: 'p', elements: [{ type: 'radiogroup', name: 'q1', choices: ['a', 'b'], ...(correct ? { correctAnswer: correct } : {}) }] },
      ],
    });
    const ok = await saveStep('quiz', q('b')).expect(200);
    expect(ok.body.steps[0]).toMatchObject({ content: q(), expectedAnswers: { q1: 'b' } });
    expect((await saveStep('quiz', q()).expect(400)).body.key).toBe('errors.step-content');
    // A quiz without questions could not be filled: refused with its own key (issue 14).
    expect((await saveStep('quiz', { pages: [{ name: 'p', elements: [] }] }).expect(400)).body.key).toBe(
      'pages.admin.steps.error-survey-no-questions',
    );
  });

  it('refuses oversized contents', async () => {
    const res = await saveStep('text', { html: `<p>${'x'.repeat(400_001)}</p>` });
    expect([400, 413]).toContain(res.status);
  });
});

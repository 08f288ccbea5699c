/**
 * Step content is an object on the API (issue 30, section 5): the schema says so, its JSON text
 * is still accepted and converted once at the edge (JsonObjectField), a text that is not JSON is
 * 400 errors.step-content, and each kind has one parser (STEP_CONTENT_PARSERS).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STEP_KINDS } from '@impact-calls/domain';
import { createTestApp, type TestApp } from './app.js';
import type { TestUser } from './factory.js';
import { BUILT_IN_STEP_TYPE_IDS as KIND } from '../src/modules/steps/step-type.entity.js';
import { normalizeStepContent, STEP_CONTENT_PARSERS } from '../src/modules/steps/step-content.js';

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

const FRAMEWORK = '0b6f6f8e-2d43-4a8e-9f5e-1c2d3e4f5a6b';
const SLOT = { file_name: 'Budget', file_description: 'The budget', file_type: 'excel', dimensions: 2_000_000, mandatory: true };
const SURVEY = { pages: [{ name: 'p', elements: [{ type: 'rating', name: 'nps', rateMin: 0, rateMax: 10 }] }] };
const QUIZ = { pages: [{ name: 'p', elements: [{ type: 'radiogroup', name: 'q1', choices: ['a', 'b'], correctAnswer: 'b' }] }] };

/** Per kind: its content as an object, and what is stored of it. */
const OBJECTS: [keyof typeof KIND, unknown, unknown][] = [
  ['text', { html: '<p>Hi</p>' }, { html: '<p>Hi</p>' }],
  ['upload', { slots: [SLOT] }, [SLOT]],
  ['results', { lowerScore: 0, upperScore: 10, appliesTo: 'sroi' }, { lowerScore: 0, upperScore: 10, appliesTo: 'sroi' }],
  ['survey', SURVEY, SURVEY],
  ['quiz', QUIZ, { pages: [{ name: 'p', elements: [{ type: 'radiogroup', name: 'q1', choices: ['a', 'b'] }] }] }],
];

describe('step content on the API', () => {
  it('has one parser per built-in kind', () => {
    expect(Object.keys(STEP_CONTENT_PARSERS).sort()).toEqual([...STEP_KINDS].sort());
  });

  it.each(OBJECTS)('%s: the object and its JSON text are stored alike', async (kind, content, stored) => {
    const asObject = await saveStep(kind, content).expect(200);
    expect(asObject.body.steps[0].content).toEqual(stored);
    const asText = await saveStep(kind, `  ${JSON.stringify(content)}`).expect(200);
    expect(asText.body.steps[0].content).toEqual(stored);
  });

  it.each(STEP_KINDS.map((k) => [k]))('%s: a JSON text that is not JSON is 400 errors.step-content', async (kind) => {
    const res = await saveStep(kind, '{"html": "<p>cut').expect(400);
    expect(res.body.key).toBe('errors.step-content');
  });

  it('keeps the older plain forms: HTML text, a framework id, a bare list of upload slots', async () => {
    expect((await saveStep('text', '<p>plain</p>').expect(200)).body.steps[0].content).toEqual({ html: '<p>plain</p>' });
    expect((await saveStep('miniDyi', FRAMEWORK).expect(200)).body.steps[0].content).toMatchObject({ frameworkId: FRAMEWORK });
    expect((await saveStep('upload', [SLOT]).expect(200)).body.steps[0].content).toEqual([SLOT]);
  });

  it("still refuses a miniDyi step's JSON text (decisions/minidyi-content.md), naming the content", async () => {
    const res = await saveStep('miniDyi', JSON.stringify({ frameworkId: FRAMEWORK })).expect(400);
    expect(res.body.key).toBe('errors.step-content');
    expect(Object.keys(res.body.errors)).toEqual(['steps.0.content']);
  });

  it('refuses NUL written as an escape inside the JSON text like in the object', async () => {
    const res = await saveStep('survey', JSON.stringify({ pages: [{ name: 'p\u0000', elements: [] }] })).expect(400);
    expect(res.body.key).toBe('errors.invalid-characters');
  });

  it('converts the survey library JSON text with the same one conversion', () => {
    expect(normalizeStepContent('survey', JSON.stringify(SURVEY), 'json').content).toEqual(SURVEY);
    expect(() => normalizeStepContent('survey', '{nope', 'json')).toThrow(expect.objectContaining({ key: 'errors.step-content' }));
  });
});

describe('the committed OpenAPI document', () => {
  const spec = JSON.parse(readFileSync(join(import.meta.dirname, '../../openapi/openapi.json'), 'utf8')) as {
    servers: unknown[];
    paths: Record<string, Record<string, { security?: unknown[]; 'x-access'?: { public?: boolean } }>>;
    components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> };
  };

  it('says a step content is an object', () => {
    expect(spec.components.schemas.StepInputDto.properties.content).toMatchObject({ type: 'object', nullable: true });
    expect(spec.components.schemas.StepInputDto.properties.content.oneOf).toBeUndefined();
  });

  it('marks every public route with security: [] and names a server', () => {
    const ops = Object.values(spec.paths).flatMap((item) => Object.values(item));
    const open = ops.filter((op) => op['x-access']?.public);
    expect(open.length).toBeGreaterThan(0);
    for (const op of open) expect(op.security).toEqual([]);
    for (const op of ops) expect(op.security).toBeDefined();
    expect(spec.servers.length).toBeGreaterThan(0);
  });
});

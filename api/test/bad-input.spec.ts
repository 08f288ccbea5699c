/**
 * Bad input never breaks the API (issue 13, finding 4; security.md, "Input"): EVERY operation of
 * the committed openapi/openapi.json is called, as each role, with fast-check-generated requests
 * that are right in all but one place: a wrong type, NUL or a lone surrogate, a huge or negative
 * number, an integer past the integer column or a number written as raw JSON (1e308, 2^53 + 1),
 * a huge string, a `__proto__`/`constructor` key, deep nesting, malformed JSON, JSON text holding
 * NUL or a lone surrogate where a field takes an object or its text, a list of lists where an
 * object belongs, bytes that are not UTF-8, a bad path or query parameter, a bad
 * SelectedOrganizationId. Each answer must be below 500, and a
 * refused request (4xx) must change no row of any table (a checksum of every table before and
 * after). Seeded and bounded: BAD_INPUT_RUNS (default 2 requests per operation and role) and
 * BAD_INPUT_SEED make a larger or another run; a failure prints the seed and the request.
 * On a scratch database, so no other test's writes move the checksum.
 */
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Test } from 'supertest';
import { createTestApp, type TestApp } from './app.js';
import { createScratchDatabase } from './database.js';
import { FILL_STEPS, testFiles } from './factory.js';
import { SessionService } from '../src/modules/auth/sessions/session.service.js';

const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 2);
const SEED = Number(process.env.BAD_INPUT_SEED ?? 13);
/** Tables whose rows a refused request may still touch: the rate limits count every write attempt. */
const UNCHECKED_TABLES = new Set(['rate_limit_counter']);

type Role = 'anonymous' | 'userA' | 'userB' | 'admin' | 'adminOutside';
const ROLES: Role[] = ['anonymous', 'userA', 'userB', 'admin', 'adminOutside'];

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  additionalProperties?: boolean | Schema;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  method: string;
  path: string;
  operationId: string;
  parameters: Parameter[];
  body?: { kind: 'json' | 'multipart'; schema: Schema };
  /** Answers an event stream (Server-Sent Events) that stays open: its status is read, then it is closed. */
  streams: boolean;
}

const spec = JSON.parse(readFileSync(join(import.meta.dirname, '../../openapi/openapi.json'), 'utf8')) as {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: Schema }> };
        responses?: Record<string, { content?: Record<string, unknown> }>;
      }
    >
  >;
  components: { schemas: Record<string, Schema> };
};

function resolve(s: Schema | undefined): Schema {
  let schema = s ?? {};
  for (let i = 0; schema.$ref && i < 20; i++) schema = spec.components.schemas[schema.$ref.split('/').pop()!];
  if (schema.allOf)
    return schema.allOf.map(resolve).reduce((a, b) => ({ ...a, ...b, properties: { ...a.properties, ...b.properties } }), {});
  return schema;
}

const OPERATIONS: Operation[] = Object.entries(spec.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => {
    const content = op.requestBody?.content ?? {};
    const body = content['application/json']
      ? { kind: 'json' as const, schema: content['application/json'].schema }
      : content['multipart/form-data']
        ? { kind: 'multipart' as const, schema: content['multipart/form-data'].schema }
        : undefined;
    const streams = !!op.responses?.['200']?.content?.['text/event-stream'];
    return { method, path, operationId: op.operationId, parameters: op.parameters ?? [], body, streams };
  }),
);

// ------------------------------------------------------------ the world the requests act in

interface World {
  userIds: Record<Exclude<Role, 'anonymous'>, string>;
  orgA: string;
  orgB: string;
  /** Real ids by kind (organization A's submission of an open call of every step kind, ...). */
  ids: {
    call: string;
    callType: string;
    submission: string;
    step: string;
    /** The call's miniDyi step, for the miniDyi operations (its answers have rules and numbers of their own). */
    miniDyiStep: string;
    framework: string;
    organization: string;
    user: string;
  };
}

let t: TestApp;
let scratch: { url: string; drop(): Promise<void> };
let world: World;
let tables: string[];

beforeAll(async () => {
  scratch = await createScratchDatabase('ic_bad_input');
  t = await createTestApp({}, scratch.url);
  const f = t.factory;
  const users = {
    userA: await f.user(),
    userB: await f.user(),
    admin: await f.user({ admin: true, email: `${f.unique('admin')}@example.org` }),
    adminOutside: await f.user({ admin: true, email: `${f.unique('boss')}@elsewhere.test` }),
  };
  const orgA = (await f.organization(users.userA)).id;
  const orgB = (await f.organization(users.userB)).id;
  const framework = await f.impactFramework();
  const call = await f.fillCall({
    steps: [
      ...FILL_STEPS,
      {
        kind: 'miniDyi',
        name: 'Impact',
        content: { frameworkId: framework.id, showSdgFilter: true, maxOutcomeSelect: 4, maxSdgSelect: 4 },
      },
    ],
  });
  const submission = await f.submission(call.id, users.userA, orgA);
  world = {
    userIds: { userA: users.userA.id, userB: users.userB.id, admin: users.admin.id, adminOutside: users.adminOutside.id },
    orgA,
    orgB,
    ids: {
      call: call.id,
      callType: call.callType.id,
      submission: submission.id,
      step: call.callType.steps.find((x) => x.name === 'About you')!.id,
      miniDyiStep: call.callType.steps.find((x) => x.name === 'Impact')!.id,
      framework: framework.id,
      organization: orgA,
      user: users.userA.id,
    },
  };
  const rows: { table_name: string }[] = await t.db.query(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  tables = rows.map((r) => r.table_name).filter((n) => !UNCHECKED_TABLES.has(n));
}, 60_000);

afterAll(async () => {
  await t?.close();
  await scratch?.drop();
});

/** One checksum of every row of every table (ordered, so a checksum does not depend on row order). */
async function checksum(): Promise<string> {
  const parts = tables.map(
    (name) => `SELECT '${name}' AS t, md5(COALESCE(string_agg(md5(x::text), '' ORDER BY md5(x::text)), '')) AS h FROM "${name}" x`,
  );
  const rows: { t: string; h: string }[] = await t.db.query(parts.join(' UNION ALL '));
  return rows.map((r) => `${r.t}:${r.h}`).join(',');
}

// ------------------------------------------------------------ valid-looking values, one of them made bad

/**
 * A real id for a field or parameter, by its name (and the path's resource for `{id}`), so that
 * requests get past "not found" into the handlers; a new one where nothing fits, and always for
 * DELETE (the world's rows must survive the run).
 */
function idFor(name: string, op: Operation | undefined): string {
  if (!op || op.method === 'delete') return randomUUID();
  const n = name.toLowerCase();
  const resource = n === 'id' ? (/\/admin\/([a-z-]+)\//.exec(op.path)?.[1] ?? '') : n;
  if (/submission/.test(resource)) return world.ids.submission;
  if (/step/.test(resource)) return /minidyi/i.test(op.operationId) ? world.ids.miniDyiStep : world.ids.step;
  if (/call-?type/.test(resource)) return world.ids.callType;
  if (/call/.test(resource)) return world.ids.call;
  if (/framework|ifset/.test(resource)) return world.ids.framework;
  if (/org/.test(resource)) return world.ids.organization;
  if (/user/.test(resource)) return world.ids.user;
  return randomUUID();
}

/** A value the schema accepts, as well as can be guessed (uuids: see idFor). */
function sample(schema: Schema | undefined, op: Operation | undefined, name = '', depth = 0): unknown {
  const s = resolve(schema);
  if (s.oneOf) return sample(s.oneOf[0], op, name, depth);
  if (s.enum) return s.enum[0];
  switch (s.type ?? 'object') {
    case 'string':
      if (s.format === 'uuid') return idFor(name, op);
      if (s.format === 'date-time') return new Date().toISOString();
      if (s.format === 'email') return 'ada@applicant.test';
      return 'x';
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, s.minimum ?? 1), s.maximum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return depth > 3 ? [] : [sample(s.items, op, name, depth + 1)];
    default: {
      const out: Record<string, unknown> = {};
      if (depth > 4) return out;
      for (const [k, v] of Object.entries(s.properties ?? {})) if (s.required?.includes(k)) out[k] = sample(v, op, k, depth + 1);
      return out;
    }
  }
}

interface Field {
  path: string[];
  schema: Schema;
}

/**
 * A body's fields (nested objects, and the first element of lists of objects, included), for one
 * of them to go bad; with their schemas, so a mutation can pick the fields of a kind.
 */
function fieldEntries(schema: Schema | undefined, prefix: string[] = [], depth = 0): Field[] {
  const s = resolve(schema);
  const self = prefix.length ? [{ path: prefix, schema: s }] : [];
  // A free-form object (an answer document, SurveyJS JSON): a key of its own inside it too.
  if (isFreeForm(s) && prefix.length)
    return [
      ...self,
      ...[['answer'], ['data', 'answer'], ['data', 'answer', 'nested']].map((tail) => ({ path: [...prefix, ...tail], schema: {} })),
    ];
  if (depth > 6) return self;
  if (s.type === 'array' && resolve(s.items).properties) return [...self, ...fieldEntries(s.items, [...prefix, '0'], depth + 1)];
  if (!s.properties) return self;
  return [...self, ...Object.entries(s.properties).flatMap(([k, v]) => fieldEntries(v, [...prefix, k], depth + 1))];
}

const isFreeForm = (s: Schema) => s.additionalProperties === true || !!s.oneOf?.some((o) => resolve(o).type === 'object');
/** A field that takes an object or its JSON text (or any JSON at all): where JSON text can smuggle what the body may not hold. */
const takesJsonText = (s: Schema) => isFreeForm(s) || !!s.oneOf?.some((o) => resolve(o).type === 'string');
/** A field whose value must be an object with fields (a nested DTO), or a list of them. */
const takesObjects = (s: Schema) => !!s.properties || (s.type === 'array' && !!resolve(s.items).properties);
const takesNumber = (s: Schema) => s.type === 'integer' || s.type === 'number';

const deep = (levels: number): unknown => {
  let v: unknown = 'bottom';
  for (let i = 0; i < levels; i++) v = i % 2 ? { a: v } : [v];
  return v;
};

/** Bad values of any kind. */
const badValue = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    0,
    -1,
    1e300,
    -1e300,
    Number.MAX_SAFE_INTEGER + 2,
    2147483648,
    -2147483649,
    4294967296,
    1.5,
    '',
    'x\u0000y',
    '\u0000',
    'lone \ud800 surrogate',
    'lone \udfff',
    '\ud800',
    '9'.repeat(400),
    'x'.repeat(70_000),
    '<script>alert(1)</script>',
    "'; DROP TABLE app_user; --",
    '../../etc/passwd',
    'ZZZZZZZZ-0000-0000-0000-000000000000',
    '00000000-0000-0000-0000-00000000000G',
    [],
    [null],
    [[[[]]]],
    [[{}]],
    {},
    { __proto__x: 1 },
    deep(60),
    deep(3000),
  ),
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.anything({ maxDepth: 2 }), { maxKeys: 3 }),
);

/** Bad text for a URL parameter or header (raw, already encoded where it must be). */
const badText = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00b',
    '%ED%A0%80',
    '%FF%FE',
    '%',
    '%%',
    '-1',
    '1e300',
    '9007199254740993',
    'null',
    'undefined',
    '[1e300,1e300]',
    '[-1,0]',
    encodeURIComponent('[0,1e300]'),
    encodeURIComponent('["__proto__","ASC"]'),
    encodeURIComponent('{"q":"\\u0000"}'),
    encodeURIComponent('{"q":"\\ud800"}'),
    encodeURIComponent('{"__proto__":{"x":1}}'),
    encodeURIComponent('{"id":{"a":1}}'),
    encodeURIComponent('{"openedFrom":"not a date","callId":"nope"}'),
    encodeURIComponent('{"q":5,"archived":"x","status":[1]}'),
    encodeURIComponent(JSON.stringify(deep(500))),
    'x'.repeat(5000),
    'ZZZZZZZZ-0000-0000-0000-000000000000',
  ),
  fc.string({ maxLength: 12 }).map((s) => encodeURIComponent(s)),
);

/** Numbers written as raw JSON text: past the integer column, past a double's exact integers, past a double. */
const RAW_NUMBERS = ['2147483648', '-2147483649', '4294967296', '9007199254740993', '1e308', '-1e308', '1e400', '2147483647.5', '1E+10'];

/** JSON text for a field that takes an object or its text: bad characters as escapes, which a clean body carries. */
const JSON_TEXTS = [
  JSON.stringify({ a: 'x\u0000y' }),
  JSON.stringify({ data: { answer: 'lone \ud800' }, completed: true }),
  JSON.stringify({ '\udc00': 'key' }),
  JSON.stringify({ pages: [{ name: 'p1', elements: [{ type: 'text', name: 'q\u0000' }] }] }),
  JSON.stringify({ elements: [{ type: 'html', name: 'h', html: '\ud800' }] }),
  JSON.stringify({ frameworkId: 'x\u0000' }),
  '{"__proto__":{"isAdmin":true}}',
  '{"a":{"constructor":{"prototype":{}}}}',
  '{"a":1e400,"b":9007199254740993}',
  '[[[[]]]]',
  'not JSON',
  JSON.stringify(deep(3000)),
];

/** Lists of lists, and lists of what is not an object, where an object (or a list of objects) belongs. */
const NOT_OBJECTS: unknown[] = [[[[[]]]], [[{}]], [[]], [null], [1], ['x'], [[[{ a: 1 }]]], [true, {}]];

/** Bytes that are not UTF-8: a surrogate encoded, bytes never used, an overlong "/", past U+10FFFF, cut short, a lone continuation. */
const BAD_BYTES = [
  [0xed, 0xa0, 0x80, 0xff, 0xc0, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xff],
  [0xc0, 0xaf],
  [0xf4, 0x90, 0x80, 0x80],
  [0xe2, 0x82],
  [0x80],
];

type Mutation =
  | { where: 'body-field'; path: string[]; value: unknown }
  | { where: 'body-number'; path: string[]; raw: string }
  | { where: 'body-bytes'; bytes: number[]; inKey: boolean }
  | { where: 'body-raw'; raw: string }
  | { where: 'body-proto'; key: '__proto__' | 'constructor' | 'prototype'; nested: boolean }
  | { where: 'param'; name: string; raw: string }
  | { where: 'header'; raw: string }
  | { where: 'multipart-field'; name: string; value: string }
  | { where: 'multipart-filename'; value: string };

function mutations(op: Operation): fc.Arbitrary<Mutation> {
  const options: fc.WeightedArbitrary<Mutation>[] = [];
  const add = (weight: number, arbitrary: fc.Arbitrary<Mutation>) => options.push({ weight, arbitrary });
  [
    fc
      .constantFrom(
        '{',
        '{"a":',
        '[1,2',
        'nul',
        '{"a":1}}',
        '\u0000',
        '{"a":"\\u0000"}',
        '{"a":"\\ud800"}',
        '"x"',
        '123',
        JSON.stringify(deep(4000)),
      )
      .map((raw): Mutation => ({ where: 'body-raw', raw })),
    fc
      .record({ key: fc.constantFrom('__proto__' as const, 'constructor' as const, 'prototype' as const), nested: fc.boolean() })
      .map((m): Mutation => ({ where: 'body-proto', ...m })),
    badText.map((raw): Mutation => ({ where: 'header', raw })),
  ].forEach((arbitrary) => add(1, arbitrary));
  const params = op.parameters.filter((p) => p.in === 'path' || p.in === 'query');
  if (params.length)
    add(
      4,
      fc.record({ name: fc.constantFrom(...params.map((p) => p.name)), raw: badText }).map((m): Mutation => ({ where: 'param', ...m })),
    );
  if (op.body?.kind === 'json') {
    const fields = fieldEntries(op.body.schema);
    const paths = fields.map((f) => f.path);
    const pathsOf = (test: (s: Schema) => boolean) => fields.filter((f) => test(f.schema)).map((f) => f.path);
    add(
      6,
      paths.length
        ? fc.record({ path: fc.constantFrom(...paths), value: badValue }).map((m): Mutation => ({ where: 'body-field', ...m }))
        : badValue.map((value): Mutation => ({ where: 'body-field', path: [], value })),
    );
    add(
      1,
      badValue.map((value): Mutation => ({ where: 'body-field', path: [], value })),
    );
    // Numbers as raw JSON text (JSON.stringify could not write them): the numeric fields, else any.
    const numeric = pathsOf(takesNumber);
    add(
      numeric.length ? 3 : 1,
      fc
        .record({
          path: fc.constantFrom(...(numeric.length ? numeric : paths.length ? paths : [[]])),
          raw: fc.constantFrom(...RAW_NUMBERS),
        })
        .map((m): Mutation => ({ where: 'body-number', ...m })),
    );
    const jsonText = pathsOf(takesJsonText);
    if (jsonText.length)
      add(
        3,
        fc
          .record({ path: fc.constantFrom(...jsonText), value: fc.constantFrom(...JSON_TEXTS) })
          .map((m): Mutation => ({ where: 'body-field', ...m })),
      );
    const nested = pathsOf(takesObjects);
    if (nested.length)
      add(
        2,
        fc
          .record({ path: fc.constantFrom(...nested), value: fc.constantFrom(...NOT_OBJECTS) })
          .map((m): Mutation => ({ where: 'body-field', ...m })),
      );
    add(
      1,
      fc.record({ bytes: fc.constantFrom(...BAD_BYTES), inKey: fc.boolean() }).map((m): Mutation => ({ where: 'body-bytes', ...m })),
    );
  }
  if (op.body?.kind === 'multipart') {
    const fields = Object.keys(resolve(op.body.schema).properties ?? {}).filter((k) => k !== 'File' && k !== 'file');
    add(
      4,
      fc
        .record({
          name: fc.constantFrom(...fields, '__proto__', 'Extra'),
          value: fc.constantFrom('x\u0000y', 'lone \ud800', '-1', '1e300', 'x'.repeat(30_000), '', 'not-a-uuid', '%00'),
        })
        .map((m): Mutation => ({ where: 'multipart-field', ...m })),
    );
    add(
      1,
      fc
        .constantFrom('x\u0000.pdf', 'a\ud800.pdf', '../../x.pdf', '', 'x'.repeat(3000) + '.pdf', 'plan.exe')
        .map((value): Mutation => ({ where: 'multipart-filename', value })),
    );
  }
  return fc.oneof(...options);
}

function setAt(target: Record<string, unknown>, path: string[], value: unknown): unknown {
  if (!path.length) return value;
  let cur = target;
  for (const key of path.slice(0, -1)) {
    // Lists are kept (a path may go through the first element of one: `steps.0.content`).
    if (cur[key] === null || typeof cur[key] !== 'object') cur[key] = {};
    cur = cur[key] as Record<string, unknown>;
  }
  cur[path[path.length - 1]] = value;
  return target;
}

// ------------------------------------------------------------ sending

/** A string no sample holds, replaced by a raw number in the JSON text. */
const RAW_MARK = 'raw-number-7f3a9c';

interface Sent {
  status: number;
  body: unknown;
  description: string;
}

async function sessionOf(role: Role): Promise<string | undefined> {
  if (role === 'anonymous') return undefined;
  // A new session per request: a request that is (rightly) accepted and signs out must not
  // leave the role signed out for the requests after it.
  return (await t.app.get(SessionService).start(world.userIds[role], { userAgent: 'bad-input', ip: null })).token;
}

async function send(op: Operation, role: Role, m: Mutation, token: string | undefined): Promise<Sent> {
  const values: Record<string, string> = {};
  for (const p of op.parameters.filter((x) => x.in === 'path' || x.in === 'query')) {
    if (p.in === 'query' && !p.required && !(m.where === 'param' && m.name === p.name)) continue;
    const v = sample(p.schema, op, p.name);
    values[p.name] = encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v));
  }
  if (m.where === 'param') values[m.name] = m.raw;
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? encodeURIComponent(randomUUID()));
  const query = op.parameters
    .filter((p) => p.in === 'query' && values[p.name] !== undefined)
    .map((p) => `${p.name}=${values[p.name]}`)
    .join('&');
  const url = query ? `${path}?${query}` : path;

  let req = (t.http as unknown as Record<string, (p: string) => Test>)[op.method](url);
  if (token) req = req.set('Authorization', `Bearer ${token}`);
  const organization = role === 'userA' ? world.orgA : role === 'userB' ? world.orgB : undefined;
  if (m.where === 'header') req = req.set('SelectedOrganizationId', decodeSafely(m.raw));
  else if (organization) req = req.set('SelectedOrganizationId', organization);

  let description = `${op.method.toUpperCase()} ${url.slice(0, 300)} as ${role}, ${summarize(m)}`;
  if (op.body?.kind === 'multipart') {
    const fields = Object.entries(resolve(op.body.schema).properties ?? {}).filter(([k]) => k !== 'File' && k !== 'file');
    for (const [k, v] of fields) if (!(m.where === 'multipart-field' && m.name === k)) req = req.field(k, String(sample(v, op, k)));
    if (m.where === 'multipart-field') req = req.field(m.name, m.value);
    const fileField = resolve(op.body.schema).properties?.File ? 'File' : 'file';
    req = req.attach(fileField, testFiles.pdf(), m.where === 'multipart-filename' ? m.value || 'x' : 'plan.pdf');
  } else if (m.where === 'body-raw') {
    req = req.set('Content-Type', 'application/json').send(m.raw);
  } else if (m.where === 'body-proto') {
    const base = op.body ? sample(op.body.schema, op) : {};
    const text = JSON.stringify(base && typeof base === 'object' && !Array.isArray(base) ? base : { value: base });
    const injected = m.nested
      ? `{"nested":{"${m.key}":{"isAdmin":true}},${text.slice(1)}`
      : `{"${m.key}":{"isAdmin":true},${text.slice(1)}`;
    req = req.set('Content-Type', 'application/json').send(injected.replace(',}', '}'));
  } else if (m.where === 'body-field') {
    const base = op.body ? sample(op.body.schema, op) : {};
    const body = m.path.length && base && typeof base === 'object' ? setAt(base as Record<string, unknown>, m.path, m.value) : m.value;
    req = req.set('Content-Type', 'application/json').send(JSON.stringify(body) ?? 'null');
  } else if (m.where === 'body-number') {
    const base = op.body ? sample(op.body.schema, op) : {};
    const body = m.path.length && base && typeof base === 'object' ? setAt(base as Record<string, unknown>, m.path, RAW_MARK) : RAW_MARK;
    req = req.set('Content-Type', 'application/json').send(JSON.stringify(body).replace(JSON.stringify(RAW_MARK), m.raw));
  } else if (m.where === 'body-bytes') {
    const base = op.body ? sample(op.body.schema, op) : {};
    const text = JSON.stringify(base && typeof base === 'object' && !Array.isArray(base) ? base : { value: base });
    // Inside the first string value, else (or when asked) inside a key of its own.
    const at = m.inKey ? -1 : text.indexOf('":"') + 3;
    const [head, tail] = at > 2 ? [text.slice(0, at), text.slice(at)] : ['{"k', `":"x"${text === '{}' ? '' : ','}${text.slice(1)}`];
    const bytes = Buffer.concat([Buffer.from(head), Buffer.from(m.bytes), Buffer.from(tail)]);
    req = req
      .set('Content-Type', 'application/json')
      .serialize((b: Buffer) => b as unknown as string)
      .send(bytes);
    description += ` bytes ${bytes.toString('latin1').slice(0, 200)}`;
  } else if (op.body?.kind === 'json') {
    req = req.send(JSON.stringify(sample(op.body.schema, op))).set('Content-Type', 'application/json');
  }
  // A stream let through stays open: its status is all this test reads.
  if (op.streams)
    req = req.buffer(false).parse((res, done) => {
      (res as unknown as IncomingMessage).destroy();
      done(null, null);
    });
  try {
    const res = await req;
    return { status: res.status, body: res.body as unknown, description };
  } catch (e) {
    description += ` (client: ${String(e)})`;
    return { status: 599, body: undefined, description };
  }
}

/** The mutation in a line (long strings cut; a value too deep to write is said so). */
function summarize(m: Mutation): string {
  try {
    return JSON.stringify(m, (_k, v: unknown) => (typeof v === 'string' && v.length > 80 ? `${v.slice(0, 80)}…(${v.length})` : v)).slice(
      0,
      400,
    );
  } catch {
    return `${m.where} with a deeply nested value`;
  }
}

function decodeSafely(raw: string): string {
  try {
    return decodeURIComponent(raw).replace(/[^\x20-\x7e]/g, '?');
  } catch {
    return raw;
  }
}

// ------------------------------------------------------------ the property

describe(`bad input on every operation of openapi.json (seed ${SEED}, ${RUNS} per operation and role; BAD_INPUT_RUNS, BAD_INPUT_SEED)`, () => {
  it('covers every operation', () => {
    expect(OPERATIONS.length).toBeGreaterThan(90);
  });

  it('covers every operation the app serves: an endpoint is in the run the day it is added', async () => {
    const live = (await t.http.get('/api/openapi.json').expect(200)).body as typeof spec;
    const covered = new Set(OPERATIONS.map((o) => `${o.method} ${o.path}`));
    const missing = Object.entries(live.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .map((method) => `${method} ${path}`)
        .filter((key) => !covered.has(key)),
    );
    // When this fails: `npm run openapi` writes the new operations into openapi/openapi.json.
    expect(missing).toEqual([]);
  });

  it.each(OPERATIONS.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))(
    '%s: never a 5xx, and a refused request changes nothing',
    async (_name, op) => {
      const problems: string[] = [];
      const cases = ROLES.flatMap((role, r) =>
        fc.sample(mutations(op), { seed: SEED + hash(op.operationId) + r, numRuns: RUNS }).map((mutation) => ({ role, mutation })),
      );
      for (const { role, mutation } of cases) {
        const token = await sessionOf(role);
        const t0 = performance.now();
        const before = await checksum();
        timing.checksum += performance.now() - t0;
        const t1 = performance.now();
        const sent = await send(op, role, mutation, token);
        timing.request += performance.now() - t1;
        if (process.env.BAD_INPUT_LOG) console.log(`${sent.status} ${JSON.stringify(sent.body)?.slice(0, 120)} ${sent.description}`);
        if (sent.status >= 500) {
          problems.push(`${sent.status} ${JSON.stringify(sent.body)?.slice(0, 200)}: ${sent.description}`);
          continue;
        }
        if (sent.status >= 400) {
          const after = await checksum();
          if (after !== before) {
            const changed = after
              .split(',')
              .filter((part) => !before.split(',').includes(part))
              .map((p) => p.split(':')[0]);
            problems.push(`refused with ${sent.status} but changed ${changed.join(', ')}: ${sent.description}`);
          }
        }
      }
      expect(problems).toEqual([]);
    },
    // A larger run takes longer per operation.
    60_000 * Math.max(1, RUNS / 2),
  );
});

const timing = { checksum: 0, request: 0 };
afterAll(() => {
  if (process.env.BAD_INPUT_LOG) console.log(`checksums ${Math.round(timing.checksum)} ms, requests ${Math.round(timing.request)} ms`);
});

function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return Math.abs(h);
}

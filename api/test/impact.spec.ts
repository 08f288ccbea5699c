import ExcelJS from 'exceljs';
import { FRAMEWORK_COLUMNS, SDGS } from '@impact-calls/domain';
import { createTestApp, type TestApp } from './app.js';
import type { TestUser } from './factory.js';
import { ImpactDemoSeeder, DEMO_IMPACT_FRAMEWORK_ID, DEMO_IMPACT_FRAMEWORK_NAME } from '../src/modules/impact/impact.demo.js';
import type { ImpactFrameworkDto, ImpactFrameworkSummaryDto } from '../src/modules/impact/dto/impact-framework.dto.js';
import { ImpactFrameworkService } from '../src/modules/impact/impact-framework.service.js';
import { FrameworkReadCache } from '../src/modules/impact/read-cache.js';
import { CacheInvalidation } from '../src/database/shared-cache.js';
import { jsonDocument } from '../src/common/http/send-json.js';

let t: TestApp;
let admin: TestUser;
let user: TestUser;
let fw: ImpactFrameworkSummaryDto;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.factory.user({ admin: true });
  user = await t.factory.user();
  fw = await t.factory.impactFramework({ outcomes: 20 });
});
afterAll(() => t.close());

const detail = async (id: string): Promise<ImpactFrameworkDto> =>
  (await t.http.get(`/api/ImpactFramework/GetImpactFrameworkById?ImpactFrameworkId=${id}`).set(user.headers()).expect(200)).body;

describe('access lines', () => {
  const adminOnly = (): [string, string, unknown?][] => [
    ['GET', '/api/ImpactFramework/GetImpactFrameworkSetList'],
    ['GET', `/api/ImpactFramework/DeleteImpactFrameworkSet?ImpactFrameworkId=${fw.id}`],
    ['PUT', '/api/ImpactFramework/AddImpactFrameworkSet', { name: 'x', description: 'y', stakeholders: [], outcomes: [] }],
    ['GET', '/api/admin/impact-framework'],
    ['GET', `/api/admin/impact-framework/${fw.id}`],
    ['DELETE', `/api/admin/impact-framework/${fw.id}`],
    ['POST', '/api/admin/impact-framework/import'],
    ['GET', '/api/admin/impact-framework/template'],
    ['GET', '/api/admin/impact-framework/example'],
  ];
  const signedIn = (): [string, string, unknown?][] => [
    ['GET', `/api/ImpactFramework/GetImpactFrameworkById?ImpactFrameworkId=${fw.id}`],
    ['GET', '/api/ImpactFramework/GetSdg'],
    ['GET', `/api/ImpactFramework/GetStakeholderType?ifSetId=${fw.id}`],
    ['POST', '/api/Indicator/GetIndicatorType', []],
    ['POST', `/api/Outcome/GetOutcomeType?ifSetId=${fw.id}`, [1]],
  ];
  const send = (method: string, path: string, body: unknown, headers: Record<string, string>) => {
    const req = t.http[method.toLowerCase() as 'get'](path).set(headers);
    return body === undefined ? req : req.send(body as object);
  };

  it('answers 401 to anonymous visitors everywhere', async () => {
    for (const [method, path, body] of [...adminOnly(), ...signedIn()]) {
      const res = await send(method, path, body, {});
      expect([method, path, res.status]).toEqual([method, path, 401]);
    }
  });

  it('answers 403 errors.admin-only to a signed-in applicant on the admin endpoints, and changes nothing', async () => {
    for (const [method, path, body] of adminOnly()) {
      const res = await send(method, path, body, user.headers());
      expect([method, path, res.status, res.body.key]).toEqual([method, path, 403, 'errors.admin-only']);
    }
    await detail(fw.id);
  });

  it('lets any signed-in user read what miniDyi needs', async () => {
    for (const [method, path, body] of signedIn()) {
      const res = await send(method, path, body, user.headers());
      expect([method, path, res.status]).toEqual([method, path, 200]);
    }
  });
});

describe('GetSdg', () => {
  it('answers the 17 SDGs seeded by the migration, equal to the domain list, in the language asked', async () => {
    const en = (await t.http.get('/api/ImpactFramework/GetSdg?lang=en').set(user.headers()).expect(200)).body;
    expect(en).toHaveLength(17);
    en.forEach(
      (
        s: { sdgCode: number; name: string; description: string; colour: string; url: string; keywords: string; translations: unknown },
        i: number,
      ) => {
        const d = SDGS[i];
        expect(s).toEqual({
          sdgCode: d.code,
          name: d.text.en.name,
          description: d.text.en.description,
          colour: d.colour,
          url: d.url,
          keywords: d.keywords.join(', '),
          translations: d.text,
        });
      },
    );
    const it = (await t.http.get('/api/ImpactFramework/GetSdg').set(user.headers()).expect(200)).body;
    expect(it[0].name).toBe('Sconfiggere la povertà');
    await t.http.get('/api/ImpactFramework/GetSdg?lang=de').set(user.headers()).expect(400);
  });
});

describe('lookups for miniDyi', () => {
  it('GetStakeholderType answers the stakeholders of a framework, in file order; 404 for an unknown one', async () => {
    const res = await t.http.get(`/api/ImpactFramework/GetStakeholderType?ifSetId=${fw.id}`).set(user.headers()).expect(200);
    expect(res.body.map((s: { name: string }) => s.name)).toEqual(['Young people', 'Families', 'Residents']);
    const missing = await t.http
      .get('/api/ImpactFramework/GetStakeholderType?ifSetId=00000000-0000-4000-8000-000000000000')
      .set(user.headers())
      .expect(404);
    expect(missing.body.key).toBe('errors.impact.framework-not-found');
    await t.http.get('/api/ImpactFramework/GetStakeholderType?ifSetId=nope').set(user.headers()).expect(400);
  });

  it('GetOutcomeType answers the outcomes of the SDG codes given, or all for an empty list', async () => {
    const two = await t.http.post(`/api/Outcome/GetOutcomeType?ifSetId=${fw.id}`).set(user.headers()).send([3, '4']).expect(200);
    expect(two.body.map((o: { name: string; sdg: number }) => [o.sdg, o.name])).toEqual([
      [3, 'Outcome 3'],
      [3, 'Outcome 20'],
      [4, 'Outcome 4'],
    ]);
    expect(two.body[0]).toMatchObject({ outcomeTypeId: two.body[0].id, frameworkId: fw.id });
    const all = await t.http.post(`/api/Outcome/GetOutcomeType?ifSetId=${fw.id}`).set(user.headers()).send([]).expect(200);
    expect(all.body).toHaveLength(20);
    for (const bad of [[0], [18], ['x'], { sdg: 1 }, [1.5]]) {
      const res = await t.http
        .post(`/api/Outcome/GetOutcomeType?ifSetId=${fw.id}`)
        .set(user.headers())
        .send(bad as object)
        .expect(400);
      expect(res.body.key).toBe('errors.impact.sdg');
    }
  });

  it('GetIndicatorType answers indicator-proxy chains with outcomeTypeId and proxy fields, in the order of the outcomes', async () => {
    const outcomes = (await detail(fw.id)).outcomes;
    const [a, b] = [outcomes[5], outcomes[0]];
    const res = await t.http.post('/api/Indicator/GetIndicatorType').set(user.headers()).send([a.id, b.id]).expect(200);
    expect(res.body).toHaveLength(4);
    expect(res.body[0]).toEqual({
      id: a.indicators[0].id,
      name: a.indicators[0].name,
      description: 'How it is measured',
      outcomeTypeId: a.id,
      proxyTypeID: a.indicators[0].proxies[0].id,
      proxyTypeName: a.indicators[0].proxies[0].name,
      proxyTypeDefaultValue: a.indicators[0].proxies[0].defaultValue,
      proxySourceName: 'ISTAT',
      proxySourceUrl: 'https://www.istat.it/',
    });
    expect(res.body[2].outcomeTypeId).toBe(b.id);
    for (const bad of [['not-a-uuid'], 'x', { ids: [] }, Array.from({ length: 201 }, () => a.id)]) {
      const r = await t.http
        .post('/api/Indicator/GetIndicatorType')
        .set(user.headers())
        .send(bad as object)
        .expect(400);
      expect(r.body.key).toBe('errors.impact.invalid-ids');
    }
  });
});

describe('the lookups, serialized by PostgreSQL and kept in memory', () => {
  const indicatorTypes = (ids: string[]) => t.http.post('/api/Indicator/GetIndicatorType').set(user.headers()).send(ids).expect(200);
  const outcomeTypes = (id: string, sdgs: number[]) =>
    t.http.post(`/api/Outcome/GetOutcomeType?ifSetId=${id}`).set(user.headers()).send(sdgs);
  const stakeholderTypes = (id: string) => t.http.get(`/api/ImpactFramework/GetStakeholderType?ifSetId=${id}`).set(user.headers());

  /** What GetIndicatorType must answer, from the framework's detail (another read path). */
  const chainsOf = (f: ImpactFrameworkDto, ids: string[]) =>
    ids.flatMap((id) =>
      (f.outcomes.find((o) => o.id === id)?.indicators ?? []).flatMap((i) =>
        i.proxies.map((p) => ({
          id: i.id,
          name: i.name,
          description: i.description,
          outcomeTypeId: id,
          proxyTypeID: p.id,
          proxyTypeName: p.name,
          proxyTypeDefaultValue: p.defaultValue,
          proxySourceName: p.sourceName,
          proxySourceUrl: p.sourceUrl,
        })),
      ),
    );

  it("GetIndicatorType answers the contract's fields in the order asked, whatever the order, case or repetition of the ids", async () => {
    const f = await detail(fw.id);
    const ids = f.outcomes.slice(0, 6).map((o) => o.id);
    const sorted = [...ids].sort();
    for (const ask of [sorted, [...sorted].reverse(), sorted, ids]) {
      const res = await indicatorTypes(ask);
      expect(res.body).toEqual(chainsOf(f, ask));
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    }
    const res = await indicatorTypes([ids[1].toUpperCase(), ids[0], ids[1]]);
    expect(res.body).toEqual(chainsOf(f, [ids[1], ids[0]]));
    expect(Object.keys(res.body[0])).toEqual([
      'id',
      'name',
      'description',
      'outcomeTypeId',
      'proxyTypeID',
      'proxyTypeName',
      'proxyTypeDefaultValue',
      'proxySourceName',
      'proxySourceUrl',
    ]);
    expect((await indicatorTypes([])).body).toEqual([]);
  });

  it('answers the ETag of the bytes sent, stable, and 304 to a GET whose client has the answer', async () => {
    const ids = (await detail(fw.id)).outcomes.map((o) => o.id).sort();
    const plain = [
      () => indicatorTypes(ids).set('Accept-Encoding', 'identity'),
      () => outcomeTypes(fw.id, [1]).set('Accept-Encoding', 'identity').expect(200),
      () => stakeholderTypes(fw.id).set('Accept-Encoding', 'identity').expect(200),
    ];
    for (const send of plain) {
      const first = await send();
      // The ETag of exactly the bytes sent.
      expect(first.headers.etag).toBe(jsonDocument(first.text).etag);
      const again = await send();
      expect(again.headers.etag).toBe(first.headers.etag);
    }
    // GET answers 304 when the client has it (Express compares If-None-Match with the stored ETag).
    const etag = (await stakeholderTypes(fw.id).expect(200)).headers.etag;
    await stakeholderTypes(fw.id).set('If-None-Match', etag).expect(304);
  });

  it('gzips GetIndicatorType for a browser, to the same JSON', async () => {
    const ids = (await detail(fw.id)).outcomes.map((o) => o.id).sort();
    const plain = await indicatorTypes(ids).set('Accept-Encoding', 'identity');
    const gz = await indicatorTypes(ids).set('Accept-Encoding', 'gzip, deflate, br, zstd');
    expect([plain.headers['content-encoding'], gz.headers['content-encoding'], String(gz.headers.vary).toLowerCase()]).toEqual([
      undefined,
      'gzip',
      'accept-encoding',
    ]);
    expect(gz.body).toEqual(plain.body); // supertest unzips
  });

  it("GetOutcomeType and GetStakeholderType answer the same whatever the order of the codes, with the contract's fields", async () => {
    const a = await outcomeTypes(fw.id, [4, 3]).expect(200);
    const b = await outcomeTypes(fw.id.toUpperCase(), [3, 4, 3]).expect(200);
    expect(b.body).toEqual(a.body);
    expect(Object.keys(a.body[0])).toEqual(['id', 'frameworkId', 'name', 'description', 'sdg', 'outcomeTypeId']);
    const s = await stakeholderTypes(fw.id).expect(200);
    expect(s.body[0]).toEqual({ id: expect.any(String), name: 'Young people', description: 'Young people of the area' });
  });

  it('keeps text and numbers exact through the JSON PostgreSQL writes', async () => {
    const odd = 'Café "quoted" \\ back\\slash\nnew line\ttab </script> \u2028 €😀';
    const values = [0, 0.1, 1234.5678901234567, 1e-7, 123456789012345680000, 5e-324];
    const saved = await t.app.get(ImpactFrameworkService).create({
      name: t.factory.unique('Odd'),
      description: odd,
      content: {
        stakeholders: [{ name: odd, description: odd }],
        outcomes: [
          {
            name: odd,
            description: odd,
            sdg: 17,
            indicators: [
              { name: odd, description: odd, proxies: values.map((v) => ({ name: odd, defaultValue: v, sourceName: odd, sourceUrl: '' })) },
            ],
          },
        ],
      },
    });
    const [outcome] = (await outcomeTypes(saved.id, []).expect(200)).body;
    expect(outcome).toMatchObject({ name: odd, description: odd, sdg: 17, frameworkId: saved.id });
    expect((await stakeholderTypes(saved.id).expect(200)).body).toEqual([{ id: expect.any(String), name: odd, description: odd }]);
    const chains = (await indicatorTypes([outcome.id])).body;
    expect(chains.map((c: { proxyTypeDefaultValue: number }) => c.proxyTypeDefaultValue)).toEqual(values);
    expect(chains[0]).toMatchObject({ name: odd, description: odd, proxyTypeName: odd, proxySourceName: odd, proxySourceUrl: '' });
  });

  it('forgets the answers of a deleted framework', async () => {
    const doomed = await t.factory.impactFramework();
    const ids = (await detail(doomed.id)).outcomes.map((o) => o.id).sort();
    expect((await indicatorTypes(ids)).body).toHaveLength(6);
    await outcomeTypes(doomed.id, []).expect(200);
    await stakeholderTypes(doomed.id).expect(200);
    await t.http.delete(`/api/admin/impact-framework/${doomed.id}`).set(admin.headers()).expect(200);
    expect((await indicatorTypes(ids)).body).toEqual([]);
    expect((await outcomeTypes(doomed.id, []).expect(404)).body.key).toBe('errors.impact.framework-not-found');
    expect((await stakeholderTypes(doomed.id).expect(404)).body.key).toBe('errors.impact.framework-not-found');
  });

  it('forgets the answers of a framework another API process deleted (the database tells every process)', async () => {
    const invalidation = t.app.get(CacheInvalidation);
    for (const until = Date.now() + 10_000; !invalidation.isListening; await new Promise((r) => setTimeout(r, 20))) {
      if (Date.now() > until) throw new Error('the cache listener did not start');
    }
    const cache = t.app.get(FrameworkReadCache);
    const doomed = await t.factory.impactFramework();
    const ids = (await detail(doomed.id)).outcomes.map((o) => o.id).sort();
    expect((await indicatorTypes(ids)).body).toHaveLength(6);
    await stakeholderTypes(doomed.id).expect(200);
    expect(cache.chains.size).toBeGreaterThan(0);
    // Deleted by SQL: this process's service is not involved, as for a delete made elsewhere.
    await t.db.query('DELETE FROM impact_framework WHERE id = $1', [doomed.id]);
    await invalidation.settled();
    expect([cache.chains.size, cache.stakeholders.size]).toEqual([0, 0]);
    expect((await indicatorTypes(ids)).body).toEqual([]);
    expect((await stakeholderTypes(doomed.id).expect(404)).body.key).toBe('errors.impact.framework-not-found');
  });

  it('does not keep an answer that names an unknown outcome', async () => {
    const cache = t.app.get(FrameworkReadCache);
    const f = await detail(fw.id);
    const known = f.outcomes[0].id;
    cache.clear();
    const res = await indicatorTypes([known, '00000000-0000-4000-8000-0000000000aa']);
    expect(res.body).toEqual(chainsOf(f, [known]));
    expect(cache.chains.size).toBe(0);
    await indicatorTypes([known]);
    expect(cache.chains.size).toBe(1);
    // Nor that answer in another order.
    await indicatorTypes(['00000000-0000-4000-8000-0000000000aa', known]);
    expect(cache.orderedChains.size).toBe(0);
  });

  it('keeps each order of a set of outcomes once, answering the same bytes, until the framework is deleted', async () => {
    const cache = t.app.get(FrameworkReadCache);
    const f = await detail(fw.id);
    const ids = f.outcomes.slice(0, 3).map((o) => o.id);
    const chosen = [...ids].sort().reverse(); // as picked in the browser: not ascending
    cache.clear();
    const first = await indicatorTypes(chosen).set('Accept-Encoding', 'identity');
    expect(first.body).toEqual(chainsOf(f, chosen));
    expect([cache.chains.size, cache.orderedChains.size]).toEqual([1, 1]);
    const again = await indicatorTypes(chosen).set('Accept-Encoding', 'identity');
    expect([again.headers.etag, again.text]).toEqual([first.headers.etag, first.text]);
    expect(cache.orderedChains.size).toBe(1);
    // The ascending order is the set's own answer.
    await indicatorTypes([...ids].sort());
    expect(cache.orderedChains.size).toBe(1);
    cache.clear();
    expect(cache.orderedChains.size).toBe(0);
  });
});

describe('AddImpactFrameworkSet (JSON)', () => {
  const body = (name: string) => ({
    name,
    description: 'From JSON',
    stakeholders: [{ name: 'Farmers', description: 'Smallholders' }],
    outcomes: [
      {
        name: 'Soil health',
        description: 'Better soils',
        sdg: 15,
        indicators: [{ name: 'Hectares', proxies: [{ name: 'Value per ha', defaultValue: 1800, sourceUrl: 'https://teebweb.org/' }] }],
      },
    ],
  });
  const count = async (name: string) =>
    ((await t.db.query('SELECT count(*)::int AS n FROM impact_framework WHERE name = $1', [name])) as { n: number }[])[0].n;

  it('creates a framework from its lists', async () => {
    const name = t.factory.unique('JSON framework');
    const res = await t.http.put('/api/ImpactFramework/AddImpactFrameworkSet').set(admin.headers()).send(body(name)).expect(200);
    expect(res.body).toMatchObject({ name, outcomeCount: 1, indicatorCount: 1, proxyCount: 1, stakeholderCount: 1, sdgs: [15] });
    const list = await t.http.get('/api/ImpactFramework/GetImpactFrameworkSetList').set(admin.headers()).expect(200);
    expect(list.body.map((f: { id: string }) => f.id)).toContain(res.body.id);
  });

  it('refuses empty lists with errorStakeholders, errorOutcomes, errorIndicators, errorProxies, and saves nothing', async () => {
    const name = t.factory.unique('Empty');
    const empty = await t.http
      .put('/api/ImpactFramework/AddImpactFrameworkSet')
      .set(admin.headers())
      .send({ ...body(name), stakeholders: [], outcomes: [] })
      .expect(400);
    expect(empty.body.key).toBe('pages.admin.errorStakeholders');
    expect(empty.body.issues.map((i: { key: string }) => i.key)).toEqual(['pages.admin.errorStakeholders', 'pages.admin.errorOutcomes']);
    const b = body(name);
    b.outcomes[0].indicators = [{ name: 'No proxies', proxies: [] }];
    const noProxies = await t.http.put('/api/ImpactFramework/AddImpactFrameworkSet').set(admin.headers()).send(b).expect(400);
    expect(noProxies.body).toMatchObject({ key: 'pages.admin.errorProxies', issues: [{ path: 'outcomes[0].indicators[0].proxies' }] });
    b.outcomes[0].indicators = [];
    expect((await t.http.put('/api/ImpactFramework/AddImpactFrameworkSet').set(admin.headers()).send(b).expect(400)).body.key).toBe(
      'pages.admin.errorIndicators',
    );
    expect(await count(name)).toBe(0);
  });

  it('refuses wrong types, bad URLs and extra fields', async () => {
    const name = t.factory.unique('Bad');
    const b = body(name) as ReturnType<typeof body> & { outcomes: { sdg: unknown }[] };
    for (const [patch, key] of [
      [{ outcomes: [{ ...b.outcomes[0], sdg: 18 }] }, 'errors.validation'],
      [{ outcomes: [{ ...b.outcomes[0], sdg: '3' }] }, 'errors.validation'],
      [{ outcomes: [{ ...b.outcomes[0], indicators: [{ name: 'i', proxies: [{ name: 'p', defaultValue: -1 }] }] }] }, 'errors.validation'],
      [
        {
          outcomes: [
            { ...b.outcomes[0], indicators: [{ name: 'i', proxies: [{ name: 'p', defaultValue: 1, sourceUrl: 'javascript:alert(1)' }] }] },
          ],
        },
        'errors.impact.source-url',
      ],
      [{ id: '00000000-0000-4000-8000-000000000001' }, 'errors.validation'],
    ] as [object, string][]) {
      const res = await t.http
        .put('/api/ImpactFramework/AddImpactFrameworkSet')
        .set(admin.headers())
        .send({ ...b, ...patch })
        .expect(400);
      expect(res.body.key).toBe(key);
    }
    expect(await count(name)).toBe(0);
  });
});

describe('delete', () => {
  it('deletes an unused framework with its lists (GET DeleteImpactFrameworkSet, as the spec says)', async () => {
    const doomed = await t.factory.impactFramework();
    const res = await t.http
      .get(`/api/ImpactFramework/DeleteImpactFrameworkSet?ImpactFrameworkId=${doomed.id}`)
      .set(admin.headers())
      .expect(200);
    expect(res.body).toMatchObject({ id: doomed.id, messageKey: 'pages.admin.framework-deleted' });
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM impact_outcome WHERE framework_id = $1', [doomed.id]);
    expect(n).toBe(0);
    await t.http.get(`/api/ImpactFramework/GetImpactFrameworkById?ImpactFrameworkId=${doomed.id}`).set(user.headers()).expect(404);
    await t.http.delete(`/api/admin/impact-framework/${doomed.id}`).set(admin.headers()).expect(404);
  });

  it("refuses to delete a framework used by a call's miniDyi step, with a clear message and key", async () => {
    const used = await t.factory.impactFramework();
    const call = await t.factory.call({ steps: [{ kind: 'miniDyi', name: 'Impact', content: { frameworkId: used.id } }] });
    const res = await t.http.delete(`/api/admin/impact-framework/${used.id}`).set(admin.headers()).expect(409);
    expect(res.body).toMatchObject({ key: 'pages.admin.framework-in-use', usedBy: [{ kind: 'call', id: call.id, name: call.name }] });
    expect(res.body.message).toContain(call.name);
    const asAdmin = await t.http
      .get(`/api/ImpactFramework/GetImpactFrameworkById?ImpactFrameworkId=${used.id}`)
      .set(admin.headers())
      .expect(200);
    expect(asAdmin.body.usedBy).toEqual([{ kind: 'call', id: call.id, name: call.name }]);
    // Applicants read the framework, not which calls use it (a call may be restricted to some e-mails).
    expect((await detail(used.id)).usedBy).toEqual([]);
  });

  it('also finds the older plain-string step content, and a call naming the framework directly', async () => {
    const legacy = await t.factory.impactFramework();
    const call = await t.factory.call({ steps: [{ kind: 'miniDyi', content: legacy.id }] });
    // Whatever the console stores now, an older row may hold the bare id as a JSON string.
    await t.db.query(`UPDATE step SET content = to_jsonb($1::text) WHERE call_type_id = (SELECT call_type_id FROM call WHERE id = $2)`, [
      legacy.id.toUpperCase(),
      call.id,
    ]);
    const res = await t.http
      .get(`/api/ImpactFramework/DeleteImpactFrameworkSet?ImpactFrameworkId=${legacy.id}`)
      .set(admin.headers())
      .expect(409);
    expect(res.body.key).toBe('pages.admin.framework-in-use');

    const direct = await t.factory.impactFramework();
    await t.factory.call({ impactFrameworkId: direct.id });
    expect((await t.http.delete(`/api/admin/impact-framework/${direct.id}`).set(admin.headers()).expect(409)).body.key).toBe(
      'pages.admin.framework-in-use',
    );
  });
});

describe('the console resource', () => {
  it('pages, sorts and searches with a Content-Range header', async () => {
    const name = t.factory.unique('Searchable framework');
    await t.factory.impactFramework({ name });
    const res = await t.http
      .get('/api/admin/impact-framework')
      .query({ filter: JSON.stringify({ q: name.slice(-8) }), sort: JSON.stringify(['name', 'ASC']), range: '[0,9]' })
      .set(admin.headers())
      .expect(200);
    expect(res.headers['content-range']).toBe('impact-framework 0-0/1');
    expect(res.body).toMatchObject([{ name, outcomeCount: 3, indicatorCount: 6, proxyCount: 6, stakeholderCount: 3, sdgs: [1, 2, 3] }]);
    await t.http
      .get('/api/admin/impact-framework')
      .query({ sort: JSON.stringify(['proxyValue', 'ASC']) })
      .set(admin.headers())
      .expect(400);
  });

  it('offers the empty template: the header row of the spec and nothing else', async () => {
    const res = await t.http
      .get('/api/admin/impact-framework/template')
      .set(admin.headers())
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe('attachment; filename="impact-framework-template.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as Parameters<typeof wb.xlsx.load>[0]);
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(1);
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([...FRAMEWORK_COLUMNS]);
  });
});

describe('demo content', () => {
  it('imports the shipped example as the demo framework through the import service', async () => {
    const qr = t.db.createQueryRunner();
    await qr.startTransaction();
    try {
      await t.app.get(ImpactDemoSeeder).seed(qr.manager);
      const [row] = await qr.manager.query(
        'SELECT name, outcome_count AS "outcomeCount", stakeholder_count AS "stakeholderCount" FROM impact_framework WHERE id = $1',
        [DEMO_IMPACT_FRAMEWORK_ID],
      );
      expect(row).toEqual({ name: DEMO_IMPACT_FRAMEWORK_NAME, outcomeCount: 37, stakeholderCount: 11 });
    } finally {
      await qr.rollbackTransaction();
      await qr.release();
    }
  });
});

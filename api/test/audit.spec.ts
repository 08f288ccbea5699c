import { createTestApp, type TestApp } from './app.js';
import type { TestUser } from './factory.js';
import { BUILT_IN_STEP_TYPE_IDS as KIND } from '../src/modules/steps/step-type.entity.js';

let t: TestApp;
let admin: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.factory.user({ admin: true });
  other = await t.factory.user();
});
afterAll(() => t.close());

const DAY = 24 * 3600 * 1000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

function callBody(o: Record<string, unknown> = {}) {
  return {
    name: t.factory.unique('Audited'),
    description: '<p>About the call</p>',
    openingAt: iso(-DAY),
    closingAt: iso(30 * DAY),
    callType: { steps: [{ name: 'Welcome', stepTypeId: KIND.text, content: { html: '<p>Hello</p>' } }] },
    ...o,
  };
}

interface AuditEvent {
  id: string;
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  actorRole: string;
  action: string;
  entity: string;
  entityId: string | null;
  summary: string;
  diff: { changes: { path: string; kind: string; before?: unknown; after?: unknown }[] } | null;
  requestId: string | null;
}

async function events(filter: Record<string, unknown>): Promise<{ rows: AuditEvent[]; total: string }> {
  const res = await t.http
    .get('/api/admin/audit')
    .query({ filter: JSON.stringify(filter) })
    .set(admin.headers())
    .expect(200);
  return { rows: res.body as AuditEvent[], total: String(res.headers['content-range']) };
}

async function createCall(): Promise<{ id: string; version: number; name: string }> {
  return (await t.http.post('/api/admin/calls').set(admin.headers()).send(callBody()).expect(201)).body;
}

describe('recording', () => {
  it("an administrator's update of a call: one event with the actor, the request's id and the changed field only", async () => {
    const call = await createCall();
    const res = await t.http
      .put(`/api/admin/calls/${call.id}`)
      .set(admin.headers())
      .set('X-Request-Id', 'audit-test-request-1')
      .send({ ...callBody(), name: `${call.name} renamed`, callType: undefined, ...pick(call), version: call.version })
      .expect(200);
    expect(res.body.name).toBe(`${call.name} renamed`);
    const { rows } = await events({ entity: 'call', entityId: call.id, action: 'call.update' });
    expect(rows).toHaveLength(1);
    const [e] = rows;
    expect(e).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      actorRole: 'admin',
      action: 'call.update',
      entity: 'call',
      entityId: call.id,
      requestId: 'audit-test-request-1',
    });
    expect(e.diff?.changes).toEqual([{ path: 'name', kind: 'changed', before: call.name, after: `${call.name} renamed` }]);
    // Its creation was recorded too, with every field as added.
    const created = (await events({ entityId: call.id, action: 'call.create' })).rows;
    expect(created).toHaveLength(1);
    expect(created[0].diff?.changes).toContainEqual({ path: 'name', kind: 'added', after: call.name });
    // One event answers by id, with its diff.
    const one = await t.http.get(`/api/admin/audit/${e.id}`).set(admin.headers()).expect(200);
    expect(one.body).toMatchObject({ id: e.id, action: 'call.update' });
  });

  it('a write refused after its audit insert leaves no event', async () => {
    // The new call type is saved and recorded first; the call's description is then refused, in the same transaction.
    const name = t.factory.unique('Refused');
    const body = callBody({ name, description: '<script>alert(1)</script>' });
    const res = await t.http.post('/api/admin/calls').set(admin.headers()).send(body);
    expect(res.status).toBe(400);
    expect(res.body.key).toBe('errors.unsafe-html');
    const rows: { n: number }[] = await t.db.query('SELECT count(*)::int AS n FROM audit_event WHERE summary = $1', [name]);
    expect(rows[0].n).toBe(0);
    // The same body, made safe, records the call type's creation under that name.
    await t.http
      .post('/api/admin/calls')
      .set(admin.headers())
      .send({ ...body, description: '<p>ok</p>' })
      .expect(201);
    const after: { n: number }[] = await t.db.query(
      `SELECT count(*)::int AS n FROM audit_event WHERE summary = $1 AND action = 'call-type.create'`,
      [name],
    );
    expect(after[0].n).toBe(1);
  });

  it('a transaction rolled back after the event was written takes the event with it', async () => {
    const { AuditService } = await import('../src/modules/audit/audit.service.js');
    const audit = t.app.get(AuditService);
    const entityId = `rollback-${Date.now()}`;
    await expect(
      t.db.transaction(async (m) => {
        await audit.record(m, { action: 'test.rollback', entity: 'test', entityId, actor: null });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await events({ entityId })).rows).toHaveLength(0);
    await t.db.transaction((m) => audit.record(m, { action: 'test.commit', entity: 'test', entityId, actor: null }));
    const { rows } = await events({ entityId });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: null, actorRole: 'system', requestId: null });
  });

  it('deleting a call is recorded with what it was', async () => {
    const call = await createCall();
    await t.http.delete(`/api/admin/calls/${call.id}`).set(admin.headers()).expect(200);
    const { rows } = await events({ entityId: call.id, action: 'call.delete' });
    expect(rows).toHaveLength(1);
    expect(rows[0].diff?.changes).toContainEqual({ path: 'name', kind: 'removed', before: call.name });
  });
});

describe('the other writes', () => {
  const hour = 3600 * 1000;
  const phase = {
    name: 'Scoring',
    startsAt: new Date(Date.now() - hour).toISOString(),
    endsAt: new Date(Date.now() + 48 * hour).toISOString(),
    mayScore: true,
    seeOthers: 'after-own',
    blind: true,
    mayDecide: true,
  };

  it("an administrator's close and reopen of an application, each with the actor", async () => {
    const call = await t.factory.call();
    const a = await t.factory.applicant(call.id);
    await t.http.post(`/api/admin/submissions/${a.submissionId}/close`).set(admin.headers()).expect(200);
    await t.http.post(`/api/admin/submissions/${a.submissionId}/reopen`).set(admin.headers()).expect(200);
    const { rows } = await events({ entity: 'submission', entityId: a.submissionId });
    expect(rows.map((e) => e.action)).toEqual(['submission.reopen', 'submission.close']);
    expect(rows.every((e) => e.actorId === admin.id && e.actorRole === 'admin')).toBe(true);
    expect(rows[0].diff?.changes).toEqual([{ path: 'closed', kind: 'changed', before: true, after: false }]);
    // The applicant's own autosaves and close are not the trail's.
    expect((await events({ actorId: a.user.id })).rows).toHaveLength(0);
  });

  it('review: one event per automatic run with its counts, a submitted review (not its drafts), bulk decisions and their release', async () => {
    const call = await t.factory.call();
    const apps = [];
    for (let i = 0; i < 3; i++) {
      const a = await t.factory.applicant(call.id);
      await t.http.post(`/api/admin/submissions/${a.submissionId}/close`).set(admin.headers()).expect(200);
      apps.push(a);
    }
    const A = admin.headers();
    await t.http
      .put(`/api/admin/reviews/calls/${call.id}/phases`)
      .set(A)
      .send({ phases: [phase] })
      .expect(200);
    const [criterion] = (
      await t.http
        .put(`/api/admin/reviews/calls/${call.id}/rubric`)
        .set(A)
        .send({ criteria: [{ name: 'Impact', min: 0, max: 10, step: 1, weight: 1, required: true }] })
        .expect(200)
    ).body as { id: string }[];
    await t.http
      .put(`/api/admin/reviews/calls/${call.id}/settings`)
      .set(A)
      .send({ reviewsPerApplication: 1, aggregate: 'mean', disagreementThreshold: 30 })
      .expect(200);
    const reviewer = await t.factory.user({ email: `${t.factory.unique('rev')}@panel.test` });
    await t.http
      .post(`/api/admin/reviews/calls/${call.id}/reviewers`)
      .set(A)
      .send({ emails: [reviewer.email] })
      .expect(200);
    const run = (await t.http.post(`/api/admin/reviews/calls/${call.id}/assignments/automatic`).set(A).expect(200)).body;
    expect(run.added).toBe(3);
    const auto = (await events({ entityId: call.id, action: 'review-assignment.automatic' })).rows;
    expect(auto).toHaveLength(1);
    expect(auto[0].diff?.changes).toContainEqual({ path: 'added', kind: 'added', after: 3 });

    const [mine] = (await t.http.get(`/api/reviews/calls/${call.id}/assignments`).set(reviewer.headers()).expect(200)).body as {
      id: string;
    }[];
    const review = {
      scores: { [criterion.id]: 8 },
      recommendation: 'fund',
      commentApplicant: '',
      commentPanel: '',
      abstained: false,
      abstainReason: '',
    };
    await t.http
      .put(`/api/reviews/assignments/${mine.id}/review`)
      .set(reviewer.headers())
      .send({ ...review, version: 0 })
      .expect(200);
    await t.http
      .put(`/api/reviews/assignments/${mine.id}/review`)
      .set(reviewer.headers())
      .send({ ...review, version: 1 })
      .expect(200);
    expect((await events({ actorId: reviewer.id })).rows).toHaveLength(0);
    await t.http.post(`/api/reviews/assignments/${mine.id}/submit`).set(reviewer.headers()).send({ version: 2 }).expect(200);
    const submitted = (await events({ actorId: reviewer.id })).rows;
    expect(submitted.map((e) => [e.action, e.actorRole, e.entityId])).toEqual([['review.submit', 'reviewer', mine.id]]);

    const ids = apps.map((a) => a.submissionId);
    await t.http.put(`/api/admin/reviews/calls/${call.id}/decisions`).set(A).send({ submissionIds: ids, decision: 'approved' }).expect(200);
    await t.http.post(`/api/admin/reviews/calls/${call.id}/release`).set(A).send({ includeComments: false }).expect(200);
    const decisions = (await events({ entityId: call.id, actorId: admin.id })).rows.filter((e) => e.action.startsWith('decision.'));
    expect(decisions.map((e) => e.action)).toEqual(['decision.release', 'decision.set']);
    expect(decisions[1].diff?.changes).toContainEqual({ path: 'changed', kind: 'added', after: 3 });
  });

  it("a configuration's update keeps long values as their lengths", async () => {
    const name = t.factory.unique('Brand');
    const created = (await t.http.post('/api/admin/configurations').set(admin.headers()).send({ name, description: 'd' })).body as {
      id: string;
      version: number;
    };
    expect(created.id).toBeTruthy();
    const landing = `<p>${'x'.repeat(400)}</p>`;
    await t.http
      .put(`/api/admin/configurations/${created.id}`)
      .set(admin.headers())
      .send({ name, description: 'changed', landingHtml: landing, version: created.version })
      .expect(200);
    const [update] = (await events({ entity: 'configuration', entityId: created.id, action: 'configuration.update' })).rows;
    expect(update.diff?.changes).toContainEqual({ path: 'description', kind: 'changed', before: 'd', after: 'changed' });
    const long = update.diff?.changes.find((c) => c.path.endsWith('landingHtml')) as { afterLength?: number; after?: unknown } | undefined;
    expect(long).toMatchObject({ afterLength: landing.length });
    expect(long?.after).toBeUndefined();
  });
});

describe('the console list', () => {
  it('filters by actor, entity, action and dates, newest first', async () => {
    const call = await createCall();
    const byEmail = await events({ actor: admin.email.slice(0, 12), entityId: call.id });
    expect(byEmail.rows.map((e) => e.action)).toEqual(
      ['call-type.create', 'call.create'].filter((a) => byEmail.rows.some((e) => e.action === a)),
    );
    expect(byEmail.rows.every((e) => e.actorEmail === admin.email)).toBe(true);
    expect((await events({ actorId: admin.id, entityId: call.id })).rows.length).toBeGreaterThan(0);
    expect((await events({ actorId: other.id, entityId: call.id })).rows).toHaveLength(0);
    expect((await events({ entity: 'call', entityId: call.id })).rows.map((e) => e.action)).toEqual(['call.create']);
    expect((await events({ entityId: call.id, from: iso(DAY) })).rows).toHaveLength(0);
    expect((await events({ entityId: call.id, to: iso(-DAY) })).rows).toHaveLength(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await events({ entityId: call.id, from: iso(-DAY), to: today })).rows.length).toBeGreaterThan(0);
    const all = await events({});
    const times = all.rows.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.total).toMatch(/^audit 0-\d+\/\d+$/);
  });

  it('refuses a malformed filter with 400', async () => {
    await t.http
      .get('/api/admin/audit')
      .query({ filter: JSON.stringify({ actorId: 'nope' }) })
      .set(admin.headers())
      .expect(400);
    await t.http
      .get('/api/admin/audit')
      .query({ filter: JSON.stringify({ from: 'yesterday' }) })
      .set(admin.headers())
      .expect(400);
  });

  it('exports the filtered events as CSV, and the export is recorded', async () => {
    const call = await createCall();
    const res = await t.http
      .get('/api/admin/audit/export')
      .query({ filter: JSON.stringify({ entityId: call.id }) })
      .set(admin.headers())
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = (res.text as string)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('at,actorEmail,actorRole,actorId,action,entity,entityId,summary,diff,requestId,ip');
    expect(lines.length).toBe(1 + (await events({ entityId: call.id })).rows.length);
    expect(lines[1]).toContain(call.id);
    expect((await events({ action: 'audit.export', actorId: admin.id })).rows.length).toBeGreaterThan(0);
  });

  it('neutralizes formulas in exported cells', async () => {
    const { auditCsvRow } = await import('../src/modules/audit/audit-csv.js');
    const row = auditCsvRow({ summary: '=HYPERLINK("x")' } as never);
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
  });
});

describe('who may read, and that nothing changes an event', () => {
  it('refuses non-administrators (403) and anonymous callers (401)', async () => {
    await t.http.get('/api/admin/audit').set(other.headers()).expect(403);
    await t.http.get('/api/admin/audit/export').set(other.headers()).expect(403);
    await t.http.get('/api/admin/audit').expect(401);
  });

  it('has no route that changes or deletes an event', async () => {
    const [e] = (await events({})).rows;
    for (const method of ['put', 'patch', 'delete', 'post'] as const) {
      const res = await t.http[method](`/api/admin/audit/${e.id}`).set(admin.headers()).send({ summary: 'changed' });
      expect([404, 405]).toContain(res.status);
      const all = await t.http[method]('/api/admin/audit').set(admin.headers()).send({});
      expect([404, 405]).toContain(all.status);
    }
    const again = await t.http.get(`/api/admin/audit/${e.id}`).set(admin.headers()).expect(200);
    expect(again.body.summary).toBe(e.summary);
  });

  it('no code outside modules/audit writes audit_event', async () => {
    const { TABLE_OWNERS } = (await import('../../scripts/table-owners.mjs' as string)) as { TABLE_OWNERS: Record<string, string> };
    expect(TABLE_OWNERS.audit_event).toBe('modules/audit');
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = join(import.meta.dirname, '../src');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) =>
        statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : n.endsWith('.ts') ? [join(dir, n)] : [],
      );
    const writers = files(root).filter(
      (f) =>
        !f.includes('/migrations/') &&
        !f.includes('/modules/audit/') &&
        /insertInto\('auditEvent'\)|updateTable\('auditEvent'\)|deleteFrom\('auditEvent'\)|audit_event/.test(readFileSync(f, 'utf8')),
    );
    expect(writers.filter((f) => !f.endsWith('schema.ts'))).toEqual([]);
    const repository = readFileSync(join(root, 'modules/audit/audit.repository.ts'), 'utf8');
    expect(repository).not.toMatch(/updateTable|deleteFrom/);
  });
});

/** The fields of a call an update must send again. */
function pick(call: Record<string, unknown>) {
  return { openingAt: call.openingAt, closingAt: call.closingAt, description: call.description };
}

import { EMPTY_ID } from '@impact-calls/domain';
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

const DAY = 24 * 3600 * 1000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** A valid CreateCall body (open now, one text step). */
function callBody(o: Record<string, unknown> = {}) {
  return {
    name: t.factory.unique('Call'),
    description: '<p>About the call</p>',
    openingAt: iso(-DAY),
    closingAt: iso(30 * DAY),
    callType: { steps: [{ name: 'Welcome', stepTypeId: KIND.text, content: { html: '<p>Hello</p>' } }] },
    ...o,
  };
}

/** The version a console would have read (updates need it: 428 without). */
async function versionOf(table: 'call' | 'call_type', id: string): Promise<number> {
  return ((await t.db.query(`SELECT version FROM ${table} WHERE id = $1`, [id])) as { version: number }[])[0].version;
}

async function createCall(o: Record<string, unknown> = {}) {
  const res = await t.http.post('/api/Call/CreateCall').set(admin.headers()).send(callBody(o));
  expect(res.status).toBe(200);
  return res.body;
}

async function applicant(email?: string) {
  const user = await t.factory.user(email ? { email } : {});
  const org = await t.factory.organization(user);
  return { user, org };
}

async function count(table: string, where: string, params: unknown[]): Promise<number> {
  const rows: { n: number }[] = await t.db.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params);
  return rows[0].n;
}

describe('open and closed', () => {
  it('is open from openingAt to closingAt and reports status and phase', async () => {
    const open = await createCall({ openingAt: iso(-2000), closingAt: iso(DAY) });
    const upcoming = await createCall({ openingAt: iso(5000), closingAt: iso(DAY) });
    const closed = await createCall({ openingAt: iso(-2 * DAY), closingAt: iso(-2000) });
    const { user } = await applicant();
    const list = (await t.http.get('/api/Call/GetCallListUser').set(user.headers()).expect(200)).body as {
      id: string;
      status: string;
      phase: string;
    }[];
    const byId = new Map(list.map((c) => [c.id, c]));
    expect(byId.get(open.id)).toMatchObject({ status: 'open', phase: 'open' });
    expect(byId.get(upcoming.id)).toMatchObject({ status: 'close', phase: 'upcoming' });
    expect(byId.get(closed.id)).toMatchObject({ status: 'close', phase: 'closed' });
  });

  it('flips to closed right after closingAt', async () => {
    const call = await createCall({ openingAt: iso(-DAY), closingAt: iso(1500) });
    const { user, org } = await applicant();
    const before = await t.http.get(`/api/Call/GetCallById?id=${call.id}`).set(user.headers()).expect(200);
    expect(before.body.status).toBe('open');
    await new Promise((r) => setTimeout(r, 1700));
    const after = await t.http.get(`/api/Call/GetCallById?id=${call.id}`).set(user.headers()).expect(200);
    expect(after.body.status).toBe('close');
    const res = await t.http.post('/api/Call/UpsertCallSubmission').set(user.headers(org.id)).send({ callId: call.id }).expect(400);
    expect(res.body.key).toBe('pages.calls.error-call-closed');
  });

  it('reads dates without a zone as UTC', async () => {
    const call = await createCall({ openingAt: '2031-03-01T10:00:00', closingAt: '2031-04-01' });
    expect(call.openingAt).toBe('2031-03-01T10:00:00.000Z');
    expect(call.closingAt).toBe('2031-04-01T00:00:00.000Z');
    const zoned = await createCall({ openingAt: '2031-03-01T10:00:00+02:00', closingAt: '2031-04-01T00:00:00Z' });
    expect(zoned.openingAt).toBe('2031-03-01T08:00:00.000Z');
  });

  it('refuses a closing date not after the opening date', async () => {
    // One instant for both (two calls of iso() may fall in two milliseconds: then the dates differ).
    const at = iso(DAY);
    const res = await t.http
      .post('/api/Call/CreateCall')
      .set(admin.headers())
      .send(callBody({ openingAt: at, closingAt: at }))
      .expect(400);
    expect(res.body.key).toBe('pages.admin.error-call-dates');
  });
});

describe('the applicant list', () => {
  it('puts open calls first, then closed, each by name, and hides empty names', async () => {
    const p = t.factory.unique('Order');
    const mk = (name: string, open: boolean) =>
      createCall({ name: `${p} ${name}`, ...(open ? {} : { openingAt: iso(-3 * DAY), closingAt: iso(-DAY) }) });
    const created = [
      await mk('delta', true),
      await mk('Alpha', false),
      await mk('charlie', true),
      await mk('bravo', true),
      await mk('echo', false),
    ];
    const hidden = await mk('hidden', true);
    await t.db.query(`UPDATE call SET name = '   ' WHERE id = $1`, [hidden.id]);
    const { user } = await applicant();
    const list = (await t.http.get('/api/Call/GetCallListUser').set(user.headers()).expect(200)).body as { id: string; name: string }[];
    const mine = list.filter((c) => created.some((x) => x.id === c.id) || c.id === hidden.id).map((c) => c.name.replace(`${p} `, ''));
    expect(mine).toEqual(['bravo', 'charlie', 'delta', 'Alpha', 'echo']);
    // Every open call of the whole list comes before every closed one.
    const statuses = list.map((c) => (c as unknown as { status: string }).status);
    expect(statuses.lastIndexOf('open')).toBeLessThan(statuses.indexOf('close') === -1 ? Infinity : statuses.indexOf('close'));
  });

  it("carries the selected organization's submission, all zeros when not started", async () => {
    const call = await createCall();
    const { user, org } = await applicant();
    const org2 = await t.factory.organization(user);
    const find = async (orgId?: string) =>
      (
        (await t.http.get('/api/Call/GetCallListUser').set(user.headers(orgId)).expect(200)).body as {
          id: string;
          submissionId: string;
          submissionClosed: boolean;
        }[]
      ).find((c) => c.id === call.id)!;
    expect(await find(org.id)).toMatchObject({ submissionId: EMPTY_ID, submissionClosed: false });
    const sub = (await t.http.post('/api/Call/UpsertCallSubmission').set(user.headers(org.id)).send({ callId: call.id }).expect(200)).body;
    expect(await find(org.id)).toMatchObject({ submissionId: sub.id, submissionClosed: false });
    expect(await find(org2.id)).toMatchObject({ submissionId: EMPTY_ID });
    expect(await find(undefined)).toMatchObject({ submissionId: EMPTY_ID });
    // A change made outside the API reaches the list's cache by the database's notification, a moment later.
    await t.db.query('UPDATE call_submission SET closed = true WHERE id = $1', [sub.id]);
    for (let tries = 0; tries < 50 && !(await find(org.id)).submissionClosed; tries++) await new Promise((r) => setTimeout(r, 100));
    expect(await find(org.id)).toMatchObject({ submissionId: sub.id, submissionClosed: true });
  });

  it('never shows the e-mail list or the console analytics ids to applicants', async () => {
    const call = await createCall({ isUserFilterEnable: true, userFilterEmail: 'someone@else.test', powerBIReportID: 'internal' });
    const mine = await createCall({ powerBIReportID: 'internal', userPowerBIReportID: 'public' });
    const { user } = await applicant();
    const res = await t.http.get(`/api/Call/GetCallById?id=${mine.id}`).set(user.headers()).expect(200);
    expect(res.body.userFilterEmail).toBeUndefined();
    expect(res.body.powerBIReportID).toBeUndefined();
    expect(res.body.userPowerBIReportID).toBe('public');
    const list = await t.http.get('/api/Call/GetCallListUser').set(user.headers()).expect(200);
    expect(JSON.stringify(list.body)).not.toContain('someone@else.test');
    expect(list.body.some((c: { id: string }) => c.id === call.id)).toBe(false);
  });
});

describe('e-mail filter', () => {
  it('shows the call only to listed addresses (trimmed, case-insensitive) and answers 404 on every path with its id', async () => {
    const allowed = await applicant(`${t.factory.unique('allowed')}@filter.test`);
    const other = await applicant();
    const call = await createCall({
      isUserFilterEnable: true,
      userFilterEmail: ` first@filter.test ,  ${allowed.user.email.toUpperCase()} `,
      callType: {
        steps: [
          { name: 'Text', stepTypeId: KIND.text, content: { html: '<p>x</p>' } },
          {
            name: 'Upload',
            stepTypeId: KIND.upload,
            content: [{ file_name: 'Budget', file_type: 'pdf', dimensions: 1000, mandatory: true }],
          },
        ],
      },
    });
    expect(call.userFilterEmail).toBe(`first@filter.test, ${allowed.user.email.toLowerCase()}`);
    const stepId = call.callType.steps[0].id;

    const inList = async (u: TestUser) =>
      ((await t.http.get('/api/Call/GetCallListUser').set(u.headers()).expect(200)).body as { id: string }[]).some((c) => c.id === call.id);
    expect(await inList(allowed.user)).toBe(true);
    expect(await inList(other.user)).toBe(false);

    await t.http.get(`/api/Call/GetCallById?id=${call.id}`).set(allowed.user.headers()).expect(200);
    await t.http.get(`/api/Step/GetSteps?callTypeId=${call.callTypeId}`).set(allowed.user.headers()).expect(200);
    await t.http.get(`/api/Step/GetStepById?id=${stepId}`).set(allowed.user.headers()).expect(200);
    const sub = await t.http
      .post('/api/Call/UpsertCallSubmission')
      .set(allowed.user.headers(allowed.org.id))
      .send({ callId: call.id })
      .expect(200);

    const r1 = await t.http.get(`/api/Call/GetCallById?id=${call.id}`).set(other.user.headers()).expect(404);
    expect(r1.body.key).toBe('pages.admin.call-not-found');
    await t.http.get(`/api/Step/GetSteps?callTypeId=${call.callTypeId}`).set(other.user.headers()).expect(404);
    await t.http.get(`/api/Step/GetStepById?id=${stepId}`).set(other.user.headers()).expect(404);
    const r2 = await t.http
      .post('/api/Call/UpsertCallSubmission')
      .set(other.user.headers(other.org.id))
      .send({ callId: call.id })
      .expect(404);
    expect(r2.body.key).toBe('pages.admin.call-not-found');
    expect(await count('call_submission', 'call_id = $1', [call.id])).toBe(1);

    // Admins use the console; the applicant paths filter them like anyone else.
    await t.http.get(`/api/Call/GetCallById?id=${call.id}`).set(admin.headers()).expect(404);
    await t.http.get(`/api/Call/GetCallByIdAdmin?id=${call.id}`).set(admin.headers()).expect(200);

    // Removing the address later closes every path for that user, even with a submission.
    await t.http
      .put('/api/Call/UpdateCall')
      .set(admin.headers())
      .send({
        ...callBody({ name: call.name }),
        callType: undefined,
        id: call.id,
        version: await versionOf('call', call.id),
        isUserFilterEnable: true,
        userFilterEmail: 'first@filter.test',
      })
      .expect(200);
    expect(await inList(allowed.user)).toBe(false);
    await t.http.post('/api/Call/UpsertCallSubmission').set(allowed.user.headers(allowed.org.id)).send({ callId: call.id }).expect(404);
    expect(sub.body.id).toBeDefined();
  });

  it('checks each address and needs one when the filter is on', async () => {
    const bad = await t.http
      .post('/api/Call/CreateCall')
      .set(admin.headers())
      .send(callBody({ isUserFilterEnable: true, userFilterEmail: 'a@x.org, nope, b@y.org' }))
      .expect(400);
    expect(bad.body.key).toBe('pages.admin.error-filter-email');
    expect(bad.body.message).toContain('nope');
    const empty = await t.http
      .post('/api/Call/CreateCall')
      .set(admin.headers())
      .send(callBody({ isUserFilterEnable: true, userFilterEmail: ' , ' }))
      .expect(400);
    expect(empty.body.key).toBe('pages.admin.error-filter-email-empty');
    // Off: the list may stay empty.
    await createCall({ isUserFilterEnable: false, userFilterEmail: '' });
  });
});

describe('call lock', () => {
  it('needs a future date and never changes once saved', async () => {
    const past = await t.http
      .post('/api/Call/CreateCall')
      .set(admin.headers())
      .send(callBody({ callLockEnd: iso(-1000) }))
      .expect(400);
    expect(past.body.key).toBe('pages.admin.error-call-lock-past');

    const lock = iso(10 * DAY);
    const call = await createCall({ callLockEnd: lock });
    expect(call.callLockEnd).toBe(lock);
    expect(call.locked).toBe(true);
    const update = async (o: Record<string, unknown>) =>
      t.http
        .put('/api/Call/UpdateCall')
        .set(admin.headers())
        .send({ ...callBody({ name: call.name }), callType: undefined, id: call.id, version: await versionOf('call', call.id), ...o });

    for (const other of [iso(20 * DAY), null, iso(10 * DAY + 1)]) {
      const res = await update({ callLockEnd: other });
      expect(res.status).toBe(400);
      expect(res.body.key).toBe('pages.admin.error-call-lock-immutable');
    }
    expect((await update({ callLockEnd: lock, name: `${call.name} bis` })).status).toBe(200);
    const omitted = await update({ name: `${call.name} ter` });
    expect(omitted.status).toBe(200);
    expect(omitted.body.callLockEnd).toBe(lock);
    const rows: { call_lock_end: Date }[] = await t.db.query('SELECT call_lock_end FROM call WHERE id = $1', [call.id]);
    expect(rows[0].call_lock_end.toISOString()).toBe(lock);
  });

  it('may be set later on a call without one, then is fixed', async () => {
    const call = await createCall();
    const body = { ...callBody({ name: call.name }), callType: undefined, id: call.id };
    await t.http
      .put('/api/Call/UpdateCall')
      .set(admin.headers())
      .send({ ...body, version: await versionOf('call', call.id), callLockEnd: iso(-5) })
      .expect(400);
    const lock = iso(3 * DAY);
    await t.http
      .put('/api/Call/UpdateCall')
      .set(admin.headers())
      .send({ ...body, version: await versionOf('call', call.id), callLockEnd: lock })
      .expect(200);
    const res = await t.http
      .put('/api/Call/UpdateCall')
      .set(admin.headers())
      .send({ ...body, version: await versionOf('call', call.id), callLockEnd: iso(4 * DAY) })
      .expect(400);
    expect(res.body.key).toBe('pages.admin.error-call-lock-immutable');
  });
});

describe('saving a call with its call type and steps', () => {
  it('renumbers steps 1..n, keeps ids when sent back, reorders and removes', async () => {
    const call = await createCall({
      callType: {
        steps: [
          { name: 'A', stepTypeId: KIND.text, sort: 10, content: { html: '<p>a</p>' } },
          { name: 'B', stepTypeId: KIND.text, sort: 3, content: '<p>b</p>' },
          { name: 'C', stepTypeId: KIND.results, sort: 7, content: { lowerScore: 0, upperScore: 10 } },
        ],
      },
    });
    const steps = call.callType.steps as { id: string; name: string; sort: number; content: unknown }[];
    expect(steps.map((s) => [s.name, s.sort])).toEqual([
      ['A', 1],
      ['B', 2],
      ['C', 3],
    ]);
    expect(steps[1].content).toEqual({ html: '<p>b</p>' });
    const [a, , c] = steps;
    const res = await t.http
      .put('/api/Call/UpdateCall')
      .set(admin.headers())
      .send({
        ...callBody({ name: call.name }),
        id: call.id,
        version: await versionOf('call', call.id),
        callType: {
          id: call.callTypeId,
          version: await versionOf('call_type', call.callTypeId),
          steps: [
            { id: c.id, name: 'C', stepTypeId: KIND.results, content: { lowerScore: 1, upperScore: 5 } },
            { id: a.id, name: 'A2', stepTypeId: KIND.text, content: { html: '<p>a2</p>' } },
            { name: 'D', stepTypeId: KIND.text },
          ],
        },
      })
      .expect(200);
    const after = res.body.callType.steps as { id: string; name: string; sort: number }[];
    expect(after.map((s) => [s.name, s.sort])).toEqual([
      ['C', 1],
      ['A2', 2],
      ['D', 3],
    ]);
    expect(after[0].id).toBe(c.id);
    expect(after[1].id).toBe(a.id);
    expect(res.body.callTypeId).toBe(call.callTypeId);
    expect(await count('step', 'call_type_id = $1', [call.callTypeId])).toBe(3);
    // The applicant sees them in that order too.
    const { user } = await applicant();
    const read = await t.http.get(`/api/Step/GetSteps?callTypeId=${call.callTypeId}`).set(user.headers()).expect(200);
    expect(read.body.map((s: { name: string }) => s.name)).toEqual(['C', 'A2', 'D']);
  });

  it('leaves nothing behind when a step fails on create', async () => {
    const name = t.factory.unique('Rollback');
    const res = await t.http
      .post('/api/Call/CreateCall')
      .set(admin.headers())
      .send(
        callBody({
          name,
          callType: {
            name: `${name} type`,
            description: 'x',
            steps: [
              { name: 'ok', stepTypeId: KIND.text, content: { html: '<p>ok</p>' } },
              { name: 'bad', stepTypeId: KIND.upload, content: [{ file_name: 'x', file_type: 'exe', dimensions: 10 }] },
            ],
          },
        }),
      )
      .expect(400);
    expect(res.body.key).toBe('errors.step-content');
    expect(res.body.errors).toHaveProperty(['steps.1.content.0.file_type']);
    expect(await count('call_type', 'name = $1', [`${name} type`])).toBe(0);
    expect(await count('call', 'name = $1', [name])).toBe(0);
  });

  it('leaves the saved call and steps unchanged when a step fails on update', async () => {
    const call = await createCall();
    const before: unknown[] = await t.db.query('SELECT id, name, content, sort, version FROM step WHERE call_type_id = $1 ORDER BY sort', [
      call.callTypeId,
    ]);
    const res = await t.http
      .put('/api/Call/UpdateCall')
      .set(admin.headers())
      .send({
        ...callBody({ name: `${call.name} renamed` }),
        id: call.id,
        version: await versionOf('call', call.id),
        callType: {
          id: call.callTypeId,
          version: await versionOf('call_type', call.callTypeId),
          name: 'renamed type',
          steps: [
            { name: 'new one', stepTypeId: KIND.text, content: { html: '<p>n</p>' } },
            {
              name: 'quiz',
              stepTypeId: KIND.quiz,
              content: { pages: [{ name: 'p', elements: [{ type: 'radiogroup', name: 'q1', choices: ['a'] }] }] },
            },
          ],
        },
      })
      .expect(400);
    expect(res.body.key).toBe('errors.step-content');
    const after: unknown[] = await t.db.query('SELECT id, name, content, sort, version FROM step WHERE call_type_id = $1 ORDER BY sort', [
      call.callTypeId,
    ]);
    expect(after).toEqual(before);
    const rows: { name: string }[] = await t.db.query(
      'SELECT c.name, t.name AS type FROM call c JOIN call_type t ON t.id = c.call_type_id WHERE c.id = $1',
      [call.id],
    );
    expect(rows[0]).toEqual({ name: call.name, type: call.callType.name });
  });

  it('refuses a step id of another call type and an unknown step type', async () => {
    const one = await createCall();
    const two = await createCall();
    const foreign = await t.http
      .put('/api/Call/UpdateCall')
      .set(admin.headers())
      .send({
        ...callBody({ name: one.name }),
        id: one.id,
        version: await versionOf('call', one.id),
        callType: {
          id: one.callTypeId,
          version: await versionOf('call_type', one.callTypeId),
          steps: [{ id: two.callType.steps[0].id, name: 'x', stepTypeId: KIND.text }],
        },
      })
      .expect(400);
    expect(foreign.body.key).toBe('errors.step-not-in-call-type');
    const unknown = await t.http
      .post('/api/Call/CreateCall')
      .set(admin.headers())
      .send(callBody({ callType: { steps: [{ name: 'x', stepTypeId: '11111111-1111-4111-8111-111111111111' }] } }))
      .expect(400);
    expect(unknown.body.key).toBe('errors.step-type-not-found');
    expect((await t.http.get(`/api/Call/GetCallByIdAdmin?id=${two.id}`).set(admin.headers())).body.callType.steps).toHaveLength(1);
  });

  it('keeps the quiz answer key on the server only', async () => {
    const quiz = {
      pages: [
        {
          name: 'p1',
          elements: [
            { type: 'radiogroup', name: 'capital', title: 'Capital of Italy?', choices: ['Rome', 'Milan'], correctAnswer: 'Rome' },
            { type: 'checkbox', name: 'sdg', choices: ['1', '2'], correctAnswer: ['1'] },
          ],
        },
      ],
    };
    const call = await createCall({ callType: { steps: [{ name: 'Quiz', stepTypeId: KIND.quiz, content: quiz }] } });
    const step = call.callType.steps[0];
    expect(step.expectedAnswers).toEqual({ capital: 'Rome', sdg: ['1'] });
    expect(JSON.stringify(step.content)).not.toContain('correctAnswer');
    const { user } = await applicant();
    for (const path of [
      `/api/Step/GetSteps?callTypeId=${call.callTypeId}`,
      `/api/Step/GetStepById?id=${step.id}`,
      `/api/Call/GetCallById?id=${call.id}`,
      '/api/Call/GetCallListUser',
    ]) {
      const res = await t.http.get(path).set(user.headers()).expect(200);
      expect(JSON.stringify(res.body)).not.toMatch(/correctAnswer|expectedAnswers/);
    }
  });

  it('sanitizes rich HTML and refuses scripts', async () => {
    const call = await createCall({
      description: '<p>Hi <b>there</b><marquee>x</marquee></p>',
      callType: { steps: [{ name: 'T', stepTypeId: KIND.text, content: { html: '<h2>T</h2><font>y</font>' } }] },
    });
    expect(call.description).toBe('<p>Hi <b>there</b>x</p>');
    expect(call.callType.steps[0].content).toEqual({ html: '<h2>T</h2>y' });
    const cases = [
      callBody({ description: '<p onclick="alert(1)">x</p>' }),
      callBody({ description: '<a href="javascript:alert(1)">x</a>' }),
      callBody({ callType: { steps: [{ name: 'T', stepTypeId: KIND.text, content: { html: '<script>alert(1)</script>' } }] } }),
      callBody({
        callType: {
          steps: [
            {
              name: 'S',
              stepTypeId: KIND.survey,
              content: { elements: [{ type: 'html', name: 'h', html: '<img src=x onerror=alert(1)>' }] },
            },
          ],
        },
      }),
      callBody({
        callType: {
          steps: [
            { name: 'R', stepTypeId: KIND.results, content: { lowerScore: 0, upperScore: 1, html: '<iframe src="https://x"></iframe>' } },
          ],
        },
      }),
    ];
    for (const body of cases) {
      const res = await t.http.post('/api/Call/CreateCall').set(admin.headers()).send(body).expect(400);
      expect(res.body.key).toBe('errors.unsafe-html');
      expect(await count('call', 'name = $1', [body.name])).toBe(0);
    }
  });

  it('stores empty analytics ids and an all-zeros framework as null', async () => {
    const call = await createCall({
      powerBIWorkspaceID: '  ',
      powerBIReportID: '',
      userPowerBIWorkspaceID: 'w-1',
      userPowerBIReportID: null,
      impactFrameworkId: EMPTY_ID,
    });
    const rows = await t.db.query(
      'SELECT power_bi_workspace_id, power_bi_report_id, user_power_bi_workspace_id, user_power_bi_report_id, impact_framework_id FROM call WHERE id = $1',
      [call.id],
    );
    expect(rows[0]).toEqual({
      power_bi_workspace_id: null,
      power_bi_report_id: null,
      user_power_bi_workspace_id: 'w-1',
      user_power_bi_report_id: null,
      impact_framework_id: null,
    });
  });

  it('answers 409 to a stale version', async () => {
    const call = await createCall();
    const body = { ...callBody({ name: call.name }), callType: undefined, id: call.id };
    await t.http
      .put('/api/Call/UpdateCall')
      .set(admin.headers())
      .send({ ...body, version: call.version })
      .expect(200);
    const res = await t.http
      .put('/api/Call/UpdateCall')
      .set(admin.headers())
      .send({ ...body, version: call.version })
      .expect(409);
    expect(res.body.key).toBe('errors.stale-version');
  });

  it('updates through the console resource with the call type by id', async () => {
    const call = await createCall();
    const res = await t.http
      .put(`/api/admin/calls/${call.id}`)
      .set(admin.headers())
      .send({
        name: `${call.name} v2`,
        openingAt: call.openingAt,
        closingAt: call.closingAt,
        callTypeId: call.callTypeId,
        enableUserDownloadPdf: true,
        version: call.version,
      })
      .expect(200);
    expect(res.body).toMatchObject({ name: `${call.name} v2`, enableUserDownloadPdf: true, description: call.description });
    await t.http
      .put(`/api/admin/calls/${call.id}`)
      .set(admin.headers())
      .send({
        name: 'x',
        openingAt: call.openingAt,
        closingAt: call.closingAt,
        callTypeId: EMPTY_ID.replace(/0$/, '1'),
        version: res.body.version,
      })
      .expect(400);
  });
});

describe('creating the submission', () => {
  it('yields one submission per call and organization, even when asked at once', async () => {
    const call = await createCall();
    const { user, org } = await applicant();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.http.post('/api/Call/UpsertCallSubmission').set(user.headers(org.id)).send({ callId: call.id })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers[0].body).toMatchObject({ closed: false, code: expect.stringMatching(/^\d{4}-[A-Z0-9]{8}$/) });
    expect(await count('call_submission', 'call_id = $1 AND organization_id = $2', [call.id, org.id])).toBe(1);
    const rows: { user_id: string }[] = await t.db.query('SELECT user_id FROM call_submission WHERE call_id = $1', [call.id]);
    expect(rows[0].user_id).toBe(user.id);
  });

  it('needs an organization of the user and an open call', async () => {
    const call = await createCall();
    const upcoming = await createCall({ openingAt: iso(DAY), closingAt: iso(2 * DAY) });
    const { user, org } = await applicant();
    const stranger = await applicant();
    const none = await t.http.post('/api/Call/UpsertCallSubmission').set(user.headers()).send({ callId: call.id }).expect(400);
    expect(none.body.key).toBe('errors.organization-required');
    const foreign = await t.http
      .post('/api/Call/UpsertCallSubmission')
      .set(user.headers(stranger.org.id))
      .send({ callId: call.id })
      .expect(403);
    expect(foreign.body.key).toBe('errors.organization-forbidden');
    const early = await t.http.post('/api/Call/UpsertCallSubmission').set(user.headers(org.id)).send({ callId: upcoming.id }).expect(400);
    expect(early.body.key).toBe('pages.calls.error-call-closed');
    await t.http
      .post('/api/Call/UpsertCallSubmission')
      .set(user.headers(org.id))
      .send({ callId: '5e0c0001-0000-4000-8000-0000000000ff' })
      .expect(404);
    for (const body of [{}, { callId: 'nope' }, { callId: call.id, organizationId: org.id }, { callId: call.id, closed: true }]) {
      const res = await t.http.post('/api/Call/UpsertCallSubmission').set(user.headers(org.id)).send(body).expect(400);
      expect(res.body.key).toBe('errors.validation');
    }
    expect(await count('call_submission', 'call_id = ANY($1)', [[call.id, upcoming.id]])).toBe(0);
  });

  it('answers the existing submission after the call closed', async () => {
    const call = await createCall();
    const { user, org } = await applicant();
    const first = await t.factory.submission(call.id, user, org.id);
    await t.db.query(`UPDATE call SET opening_at = now() - interval '3 days', closing_at = now() - interval '1 day' WHERE id = $1`, [
      call.id,
    ]);
    const again = await t.http.post('/api/Call/UpsertCallSubmission').set(user.headers(org.id)).send({ callId: call.id }).expect(200);
    expect(again.body.id).toBe(first.id);
  });
});

describe('deleting a call', () => {
  it('is refused while the call has submissions, and done otherwise', async () => {
    const used = await createCall();
    const { user, org } = await applicant();
    await t.factory.submission(used.id, user, org.id);
    const res = await t.http.post(`/api/Call/DeleteCall?id=${used.id}`).set(admin.headers()).expect(409);
    expect(res.body.key).toBe('pages.admin.error-call-has-submissions');
    await t.http.delete(`/api/admin/calls/${used.id}`).set(admin.headers()).expect(409);
    expect(await count('call', 'id = $1', [used.id])).toBe(1);

    const free = await createCall();
    const del = await t.http.post(`/api/Call/DeleteCall?id=${free.id}`).set(admin.headers()).expect(200);
    expect(del.body.id).toBe(free.id);
    const gone = await t.http.get(`/api/Call/GetCallByIdAdmin?id=${free.id}`).set(admin.headers()).expect(404);
    expect(gone.body.key).toBe('pages.admin.call-not-found');
    await t.http.post(`/api/Call/DeleteCall?id=${free.id}`).set(admin.headers()).expect(404);
  });
});

describe('call types', () => {
  it('creates with name and description required, reads and updates', async () => {
    const name = t.factory.unique('Type');
    for (const body of [
      { name, steps: [] },
      { name, description: '', steps: [] },
      { description: 'd', steps: [] },
      { name, description: 'd' },
    ]) {
      const res = await t.http.post('/api/Call/CreateCallType').set(admin.headers()).send(body).expect(400);
      expect(res.body.key).toBe('errors.validation');
    }
    expect(await count('call_type', 'name = $1', [name])).toBe(0);
    const created = (
      await t.http
        .post('/api/Call/CreateCallType')
        .set(admin.headers())
        .send({ name, description: 'Steps', steps: [{ name: 'x', stepTypeId: KIND.text, content: { html: '<p>x</p>' } }] })
        .expect(200)
    ).body;
    expect(created.steps).toHaveLength(1);
    const read = await t.http.get(`/api/Call/GetCallType?id=${created.id}`).set(admin.headers()).expect(200);
    expect(read.body).toMatchObject({ name, description: 'Steps' });
    const up = await t.http
      .put('/api/Call/UpsertCallType')
      .set(admin.headers())
      .send({ id: created.id, version: created.version, name, description: 'Steps 2', steps: [] })
      .expect(200);
    expect(up.body).toMatchObject({ description: 'Steps 2', steps: [] });
    const all = await t.http.get('/api/Call/GetCallTypes').set(admin.headers()).expect(200);
    expect(all.body.some((c: { id: string }) => c.id === created.id)).toBe(true);
    const page = await t.http
      .get(`/api/admin/call-types?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`)
      .set(admin.headers())
      .expect(200);
    expect(page.headers['content-range']).toBe('call-types 0-0/1');
    expect(page.body[0]).toMatchObject({ id: created.id, stepCount: 0, callCount: 0 });
  });

  it('cannot be deleted while a call uses it', async () => {
    const call = await createCall();
    const res = await t.http.delete(`/api/admin/call-types/${call.callTypeId}`).set(admin.headers()).expect(409);
    expect(res.body.key).toBe('pages.admin.error-call-type-in-use');
    const free = (
      await t.http
        .post('/api/admin/call-types')
        .set(admin.headers())
        .send({ name: t.factory.unique('T'), description: 'd', steps: [] })
        .expect(201)
    ).body;
    await t.http.delete(`/api/admin/call-types/${free.id}`).set(admin.headers()).expect(200);
  });
});

describe('the console list', () => {
  it('pages, sorts, searches and filters by status', async () => {
    const p = t.factory.unique('Console');
    await createCall({ name: `${p} b open` });
    await createCall({ name: `${p} a open` });
    await createCall({ name: `${p} c closed`, openingAt: iso(-3 * DAY), closingAt: iso(-DAY) });
    await createCall({ name: `${p} d upcoming`, openingAt: iso(DAY), closingAt: iso(3 * DAY) });
    const get = (filter: object, extra = '') =>
      t.http
        .get(`/api/admin/calls?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`)
        .set(admin.headers())
        .expect(200);
    const all = await get({ q: p }, `&sort=${encodeURIComponent('["name","DESC"]')}&range=${encodeURIComponent('[0,1]')}`);
    expect(all.headers['content-range']).toBe('calls 0-1/4');
    expect(all.body.map((c: { name: string }) => c.name)).toEqual([`${p} d upcoming`, `${p} c closed`]);
    expect((await get({ q: p, status: 'open' })).body.map((c: { name: string }) => c.name)).toEqual([`${p} a open`, `${p} b open`]);
    expect((await get({ q: p, status: 'closed' })).body.map((c: { phase: string }) => c.phase)).toEqual(['closed']);
    expect((await get({ q: p, status: 'upcoming' })).body.map((c: { phase: string }) => c.phase)).toEqual(['upcoming']);
    expect((await get({ q: `${p}%` })).body).toEqual([]);
    await t.http.get('/api/admin/calls?sort=["secret","ASC"]').set(admin.headers()).expect(400);
    const list = await t.http.get('/api/Call/GetCallList').set(admin.headers()).expect(200);
    expect(list.body.filter((c: { name: string }) => c.name.startsWith(p))).toHaveLength(4);
  });
});

describe('bad input', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['no name', { name: undefined }],
    ['empty name', { name: '   ' }],
    ['long name', { name: 'x'.repeat(301) }],
    ['bad opening date', { openingAt: 'soon' }],
    ['number as closing date', { closingAt: 12 }],
    ['bad lock date', { callLockEnd: 'never' }],
    ['unknown field', { closed: true }],
    ['entity field', { createdAt: iso(0) }],
    ['bad call type id', { callType: undefined, callTypeId: 'abc' }],
    ['no call type', { callType: undefined }],
    ['steps not a list', { callType: { steps: 'x' } }],
    ['step without type', { callType: { steps: [{ name: 'x' }] } }],
    ['step without name', { callType: { steps: [{ stepTypeId: KIND.text }] } }],
    ['step with unknown field', { callType: { steps: [{ name: 'x', stepTypeId: KIND.text, expectedAnswers: { q: 1 } }] } }],
    ['flag not boolean', { isUserFilterEnable: 'yes' }],
    ['framework not uuid', { impactFrameworkId: 'framework' }],
    ['analytics id too long', { powerBIReportID: 'x'.repeat(101) }],
    ['filter list not text', { userFilterEmail: ['a@b.org'] }],
    ['version not integer', { version: 1.5 }],
  ];
  it.each(cases)('refuses %s with 400 and saves nothing', async (_, patch) => {
    const body = callBody(patch);
    const res = await t.http.post('/api/Call/CreateCall').set(admin.headers()).send(body);
    expect(res.status).toBe(400);
    expect(res.body.key).toMatch(/^errors\.|^pages\.admin\./);
    if (typeof body.name === 'string' && body.name.trim()) expect(await count('call', 'name = $1', [body.name])).toBe(0);
  });

  it('refuses malformed ids in queries', async () => {
    const { user } = await applicant();
    await t.http.get('/api/Call/GetCallById?id=1').set(user.headers()).expect(400);
    await t.http.get('/api/Call/GetCallById').set(user.headers()).expect(400);
    await t.http.get('/api/Call/GetCallByIdAdmin?id=x').set(admin.headers()).expect(400);
    await t.http.post('/api/Call/DeleteCall?id=x').set(admin.headers()).expect(400);
    await t.http.get('/api/Call/GetCallType?id=x').set(admin.headers()).expect(400);
  });
});

describe('roles', () => {
  const adminRoutes: [string, string, object | null][] = [
    ['get', '/api/Call/GetCallByIdAdmin?id=5e0c0001-0000-4000-8000-000000000001', null],
    ['get', '/api/Call/GetCallList', null],
    ['get', '/api/Call/GetCallTypes', null],
    ['get', '/api/Call/GetCallType?id=5e0c0001-0000-4000-8000-000000000001', null],
    ['post', '/api/Call/CreateCall', {}],
    ['put', '/api/Call/UpdateCall', {}],
    ['post', '/api/Call/DeleteCall?id=5e0c0001-0000-4000-8000-000000000001', null],
    ['post', '/api/Call/CreateCallType', {}],
    ['put', '/api/Call/UpsertCallType', {}],
    ['get', '/api/admin/calls', null],
    ['get', '/api/admin/calls/5e0c0001-0000-4000-8000-000000000001', null],
    ['post', '/api/admin/calls', {}],
    ['put', '/api/admin/calls/5e0c0001-0000-4000-8000-000000000001', {}],
    ['delete', '/api/admin/calls/5e0c0001-0000-4000-8000-000000000001', null],
    ['get', '/api/admin/call-types', null],
    ['post', '/api/admin/call-types', {}],
    ['delete', '/api/admin/call-types/5e0c0001-0000-4000-8000-000000000001', null],
  ];
  it.each(adminRoutes)('%s %s: 401 anonymous, 403 applicant', async (method, path, body) => {
    const { user, org } = await applicant();
    const call = (m: string) => (t.http as unknown as Record<string, (p: string) => import('supertest').Test>)[m](path);
    expect((await call(method).send(body ?? undefined)).status).toBe(401);
    const res = await call(method)
      .set(user.headers(org.id))
      .send(body ?? undefined);
    expect(res.status).toBe(403);
    expect(res.body.key).toBe('errors.admin-only');
  });

  it('applicant paths need a signed-in user', async () => {
    await t.http.get('/api/Call/GetCallListUser').expect(401);
    await t.http.get('/api/Call/GetCallById?id=5e0c0001-0000-4000-8000-000000000001').expect(401);
    await t.http.post('/api/Call/UpsertCallSubmission').send({ callId: '5e0c0001-0000-4000-8000-000000000001' }).expect(401);
  });

  it("a user cannot read another organization's submission through the list header", async () => {
    const call = await createCall();
    const a = await applicant();
    const b = await applicant();
    await t.factory.submission(call.id, a.user, a.org.id);
    const res = await t.http.get('/api/Call/GetCallListUser').set(b.user.headers(a.org.id));
    expect(res.status).toBe(403);
    const own = await t.http.get(`/api/Call/GetCallById?id=${call.id}`).set(b.user.headers(b.org.id)).expect(200);
    expect(own.body.submissionId).toBe(EMPTY_ID);
  });
});

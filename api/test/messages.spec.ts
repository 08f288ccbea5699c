import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { MESSAGES_PER_JOB, MessageSender } from '../src/modules/messages/message-sender.service.js';
import { MessagesService } from '../src/modules/messages/messages.service.js';
import { createTestApp, type TestApp } from './app.js';
import { createScratchDatabase } from './database.js';
import type { TestUser } from './factory.js';
import { pdfText } from './documents-fixtures.js';
import { freePort, startSmtpSink, startTarpit, waitFor, type SmtpSink } from './smtp-sink.js';

/**
 * Messages with real parts: a real SMTP server on loopback (smtp-server), pg-boss on a scratch
 * database of its own per group (its workers would otherwise take other test files' jobs), and,
 * for the crash, a real API process killed with SIGKILL.
 */

const SURVEY = { pages: [{ name: 'p1', elements: [{ type: 'text', name: 'mission', title: 'Mission', isRequired: true }] }] };

async function scratchApp(env: Record<string, string>) {
  const db = await createScratchDatabase('ic_msg');
  const t = await createTestApp({ MAIL_RETRY_DELAY_SECONDS: '1', ...env }, db.url);
  return { t, db };
}

async function closedApplication(t: TestApp, o: { enableUserDownloadPdf?: boolean; language?: string; contactEmail?: string } = {}) {
  const call = await t.factory.call({
    enableUserDownloadPdf: o.enableUserDownloadPdf ?? false,
    steps: [{ kind: 'survey', name: 'Project', content: SURVEY }],
  });
  const user = await t.factory.user({ firstName: 'Grace', lastName: 'Hopper' });
  const org = await t.factory.organization(user, { contactEmail: o.contactEmail ?? 'contact@org.test' });
  const s = await t.factory.submission(call.id, user, org.id);
  const h = user.headers(org.id);
  if (o.language) expect((await t.http.put('/api/User/Language').set(h).send({ language: o.language })).status).toBe(204);
  const stepId = call.callType.steps[0].id;
  const saved = await t.http
    .post('/api/Call/UpsertCallStepResult')
    .set(h)
    .send({ callSubmissionId: s.id, stepId, content: { data: { mission: 'Clean water for 2,000 people' }, completed: true } });
  expect(saved.status).toBe(200);
  const started = Date.now();
  const closed = await t.http.post(`/api/Call/CloseCallSubmission?callSubmissionId=${s.id}`).set(h);
  const closeMs = Date.now() - started;
  expect(closed.status).toBe(200);
  return { call, user, org, submissionId: s.id, code: s.code, h, closeMs };
}

const messageOf = async (t: TestApp, submissionId: string, kind = 'submission-confirmation') =>
  (await t.db.query('SELECT * FROM message WHERE submission_id = $1 AND kind = $2 ORDER BY created_at', [submissionId, kind])) as Record<
    string,
    unknown
  >[];

describe('confirmation, reopen notice and bounces over a real SMTP server', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let drop: () => Promise<void>;
  let admin: TestUser;

  beforeAll(async () => {
    sink = await startSmtpSink();
    const s = await scratchApp({ SMTP_URL: sink.url, MAIL_FROM: 'Impact Calls <calls@example.org>' });
    t = s.t;
    drop = s.db.drop;
    admin = await t.factory.user({ admin: true });
  });
  afterAll(async () => {
    await t.close();
    await drop();
    await sink.stop();
  });

  it("sends the confirmation in the person's language, with the summary, the recap link, the contact in copy and the PDF", async () => {
    const a = await closedApplication(t, { enableUserDownloadPdf: true, language: 'fr' });
    const mail = await waitFor(() => sink.received.find((m) => m.subject?.includes(a.code)), 20_000, 'confirmation');
    expect(mail.subject).toBe(`Candidature envoyée : ${a.call.name} (${a.code})`);
    expect(mail.from?.text).toContain('calls@example.org');
    expect((mail.to as { text: string }).text).toBe(a.user.email);
    expect((mail.cc as { text: string }).text).toBe('contact@org.test');
    expect(mail.headers.get('content-language')).toBe('fr');
    expect(mail.messageId).toMatch(/@127\.0\.0\.1>$/);
    expect(mail.text).toContain('Bonjour Grace Hopper');
    expect(mail.text).toContain('Clean water for 2,000 people');
    expect(mail.text).toContain(`http://127.0.0.1:3000/call/${a.submissionId}?readonly=true`);
    expect(mail.html).toContain('Résumé de vos réponses');
    // The documents module's real PDF, rendered by Chromium in the recipient's language.
    expect(mail.attachments.map((x) => [x.filename, x.contentType])).toEqual([[`application-${a.code}.pdf`, 'application/pdf']]);
    const pdf = pdfText(mail.attachments[0].content);
    expect(pdf).toContain(a.code);
    expect(pdf).toContain('Clean water for 2,000 people');
    const [row] = await messageOf(t, a.submissionId);
    await waitFor(async () => (await messageOf(t, a.submissionId))[0].state === 'sent', 5000, 'state sent');
    expect(row).toMatchObject({ language: 'fr', to_address: a.user.email, cc_address: 'contact@org.test' });
    const detail = await t.http.get(`/api/admin/messages/${row.id as string}`).set(admin.headers());
    expect(detail.body).toMatchObject({
      state: 'sent',
      transport: 'smtp',
      attempts: 1,
      attachments: [{ filename: `application-${a.code}.pdf`, contentType: 'application/pdf', size: mail.attachments[0].content.length }],
    });
  });

  it('goes in the configuration default (Italian) without a known language, and without PDF when the call does not offer it', async () => {
    const a = await closedApplication(t, { contactEmail: 'SAME@applicant.test' });
    const mail = await waitFor(() => sink.received.find((m) => m.subject?.includes(a.code)), 20_000, 'confirmation');
    expect(mail.subject).toBe(`Candidatura inviata: ${a.call.name} (${a.code})`);
    expect(mail.attachments).toHaveLength(0);
    expect((await messageOf(t, a.submissionId))[0].attachments ?? []).toEqual([]);
  });

  it('tells the applicant when a submission is reopened; a second submission is confirmed again; a forced close is not', async () => {
    const a = await closedApplication(t, { language: 'en' });
    await waitFor(() => sink.received.find((m) => m.subject?.includes(a.code)), 20_000, 'confirmation');
    expect((await t.http.post(`/api/CallSubmission/ReOpenSubmission?submissionId=${a.submissionId}`).set(admin.headers())).status).toBe(
      200,
    );
    const reopened = await waitFor(
      () => sink.received.find((m) => m.subject === `Application reopened: ${a.call.name} (${a.code})`),
      20_000,
      'reopen notice',
    );
    expect(reopened.text).toContain(`http://127.0.0.1:3000/call/${a.submissionId}`);
    expect((await t.http.post(`/api/Call/CloseCallSubmission?callSubmissionId=${a.submissionId}`).set(a.h)).status).toBe(200);
    await waitFor(
      async () =>
        (await messageOf(t, a.submissionId)).length === 2 &&
        sink.received.filter((m) => m.subject?.startsWith('Application submitted') && m.subject.includes(a.code)).length === 2,
      20_000,
      'second confirmation',
    );
    // Reopened, then closed by an administrator: no confirmation.
    expect((await t.http.post(`/api/CallSubmission/ReOpenSubmission?submissionId=${a.submissionId}`).set(admin.headers())).status).toBe(
      200,
    );
    const forced = await t.http.post(`/api/admin/submissions/${a.submissionId}/close`).set(admin.headers());
    expect(forced.status).toBe(200);
    expect(await messageOf(t, a.submissionId)).toHaveLength(2);
  });

  it('never delivers a sent message twice, whatever job runs it again', async () => {
    const a = await closedApplication(t);
    await waitFor(async () => (await messageOf(t, a.submissionId))[0]?.state === 'sent', 20_000, 'sent');
    const [row] = await messageOf(t, a.submissionId);
    const count = sink.received.filter((m) => m.subject?.includes(a.code)).length;
    const outcome = await t.app
      .get(MessageSender)
      .sendJobs([{ id: '00000000-0000-4000-8000-000000000001', data: { messageId: row.id as string }, retryCount: 1, retryLimit: 7 }]);
    expect(outcome).toEqual([{ id: '00000000-0000-4000-8000-000000000001', status: 'completed' }]);
    // A job of several messages (as the queue makes them), run again: nothing goes out twice either.
    const again = await t.app.get(MessageSender).sendJobs([
      {
        id: '00000000-0000-4000-8000-000000000002',
        data: { messageIds: [row.id as string, row.id as string] },
        retryCount: 0,
        retryLimit: 7,
      },
    ]);
    expect(again).toEqual([{ id: '00000000-0000-4000-8000-000000000002', status: 'completed' }]);
    await new Promise((r) => setTimeout(r, 1500));
    expect(sink.received.filter((m) => m.subject?.includes(a.code)).length).toBe(count);
    expect((await messageOf(t, a.submissionId))[0]).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('a bounced recipient does not stop the others; the failed message is visible and re-sent from the console', async () => {
    sink.bounce.add('bounce@nowhere.test');
    const res = await t.http
      .post('/api/SendEmail/SendEmail')
      .set(admin.headers())
      .send({
        addresses: ['one@ok.test', 'bounce@nowhere.test', 'two@ok.test'],
        subject: 'Workshop on {{configurationName}}',
        body: '<p>Come to the <strong>workshop</strong>.</p>',
      });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ queued: 3, message: 'Email sent successfully!', key: 'pages.admin.messages.email-sent' });
    await waitFor(
      () =>
        ['one@ok.test', 'two@ok.test'].every((x) =>
          sink.received.some((m) => (m.to as { text: string }).text === x && m.subject === 'Workshop on Impact Calls'),
        ),
      20_000,
      'two delivered',
    );
    const failed = await waitFor(
      async () => {
        const list = await t.http
          .get('/api/admin/messages')
          .query({ filter: JSON.stringify({ state: 'failed', batchId: res.body.batchId }) })
          .set(admin.headers());
        return list.body.length === 1 ? list.body[0] : undefined;
      },
      20_000,
      'failed bounce',
    );
    expect(failed).toMatchObject({ toAddress: 'bounce@nowhere.test', state: 'failed', attempts: 1 });
    expect(failed.lastError).toContain('550');
    const sentOne = (
      await t.http
        .get('/api/admin/messages')
        .query({ filter: JSON.stringify({ state: 'sent', batchId: res.body.batchId }) })
        .set(admin.headers())
    ).body[0];
    expect((await t.http.post(`/api/admin/messages/${sentOne.id}/resend`).set(admin.headers())).status).toBe(409);
    sink.bounce.delete('bounce@nowhere.test');
    const resent = await t.http.post(`/api/admin/messages/${failed.id}/resend`).set(admin.headers());
    expect(resent.status).toBe(200);
    await waitFor(() => sink.received.some((m) => (m.to as { text: string }).text === 'bounce@nowhere.test'), 20_000, 're-sent');
  });

  it('a message to more recipients than one job carries arrives once each', async () => {
    {
      const addresses = Array.from({ length: 130 }, (_, i) => `many-${i}@ok.test`);
      const res = await t.http
        .post('/api/SendEmail/SendEmail')
        .set(admin.headers())
        .send({ addresses, subject: 'Many of {{configurationName}}', body: '<p>One each.</p>' });
      expect(res.status).toBe(202);
      expect(res.body.queued).toBe(130);
      const mine = () => sink.received.filter((m) => m.subject === 'Many of Impact Calls');
      await waitFor(() => mine().length >= 130, 60_000, 'all delivered');
      await new Promise((r) => setTimeout(r, 1500));
      const got = mine();
      expect(got).toHaveLength(130);
      expect(new Set(got.map((m) => m.messageId)).size).toBe(130);
      expect(new Set(got.map((m) => (m.to as { text: string }).text))).toEqual(new Set(addresses));
      const states = await t.db.query('SELECT state, count(*)::int AS n FROM message WHERE batch_id = $1 GROUP BY state', [
        res.body.batchId,
      ]);
      expect(states).toEqual([{ state: 'sent', n: 130 }]);
      // Sent by several jobs of at most MESSAGES_PER_JOB messages each.
      const jobs = await t.db.query('SELECT job_id, count(*)::int AS n FROM message WHERE batch_id = $1 GROUP BY job_id', [
        res.body.batchId,
      ]);
      expect(jobs.length).toBeGreaterThanOrEqual(Math.ceil(130 / MESSAGES_PER_JOB));
      expect(Math.max(...jobs.map((j: { n: number }) => j.n))).toBeLessThanOrEqual(MESSAGES_PER_JOB);
    }
  });
});

describe('SMTP down, then up', () => {
  it('submitting answers as fast and without error; the confirmation arrives once when SMTP returns', async () => {
    const port = await freePort();
    const { t, db } = await scratchApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    let sink: SmtpSink | undefined;
    try {
      const a = await closedApplication(t, { language: 'it' });
      expect(a.closeMs).toBeLessThan(1000);
      const first = await waitFor(
        async () => {
          const [row] = await messageOf(t, a.submissionId);
          return row?.state === 'retrying' ? row : undefined;
        },
        20_000,
        'retrying',
      );
      expect(first.last_error).toMatch(/ECONNREFUSED|connect/i);
      sink = await startSmtpSink(port);
      await waitFor(() => sink!.received.some((m) => m.subject?.includes(a.code)), 30_000, 'delivered after the retry');
      await waitFor(async () => (await messageOf(t, a.submissionId))[0].state === 'sent', 5000, 'sent');
      await new Promise((r) => setTimeout(r, 2500));
      expect(sink.received.filter((m) => m.subject?.includes(a.code))).toHaveLength(1);
      expect(Number((await messageOf(t, a.submissionId))[0].attempts)).toBeGreaterThanOrEqual(2);
    } finally {
      await t.close();
      await db.drop();
      await sink?.stop();
    }
  }, 60_000);
});

describe('a crash of the API between queueing and sending', () => {
  it('loses nothing: another process sends the message, once', async () => {
    const db = await createScratchDatabase('ic_msg');
    const tarpit = await startTarpit();
    const sink = await startSmtpSink();
    let t: TestApp | undefined;
    const child = spawn(process.execPath, ['--import', './test/swc-loader.mjs', 'test/crash-child.ts'], {
      cwd: new URL('..', import.meta.url).pathname,
      env: { ...process.env, CHILD_DATABASE_URL: db.url, CHILD_SMTP_URL: tarpit.url, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const lines = createInterface({ input: child.stdout });
      const submissionId = await new Promise<string>((resolve, reject) => {
        lines.on('line', (l) => (l.startsWith('closed ') ? resolve(l.slice(7)) : l.startsWith('error') && reject(new Error(l))));
        child.on('exit', (code) => reject(new Error(`child exited ${code}`)));
      });
      // The child's worker has claimed the message and hangs on the SMTP server: kill it there.
      const probe = await createTestDb(db.url);
      await waitFor(
        async () => (await probe.query('SELECT state FROM message WHERE submission_id = $1', [submissionId])).rows[0]?.state === 'sending',
        20_000,
        'sending in the child',
      );
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      await probe.end();
      t = await createTestApp({ SMTP_URL: sink.url, MAIL_ATTEMPT_TIMEOUT_SECONDS: '3', MAIL_RETRY_DELAY_SECONDS: '1' }, db.url);
      await waitFor(() => sink.received.some((m) => m.subject?.startsWith('Candidatura inviata')), 30_000, 'sent by the new process');
      await new Promise((r) => setTimeout(r, 5000));
      expect(sink.received).toHaveLength(1);
      expect((await t.db.query('SELECT state, attempts FROM message WHERE submission_id = $1', [submissionId]))[0]).toMatchObject({
        state: 'sent',
        attempts: 2,
      });
    } finally {
      child.kill('SIGKILL');
      await t?.close();
      await tarpit.stop();
      await sink.stop();
      await db.drop();
    }
  }, 90_000);
});

async function createTestDb(url: string) {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return c;
}

describe('SendEmail, templates, reminders and settings (development outbox)', () => {
  let t: TestApp;
  let drop: () => Promise<void>;
  let admin: TestUser;
  let applicant: TestUser;

  beforeAll(async () => {
    const s = await scratchApp({});
    t = s.t;
    drop = s.db.drop;
    admin = await t.factory.user({ admin: true });
    applicant = await t.factory.user();
  });
  afterAll(async () => {
    await t.close();
    await drop();
  });

  const send = (body: object, h = admin.headers()) => t.http.post('/api/SendEmail/SendEmail').set(h).send(body);
  const count = async () => Number((await t.db.query('SELECT count(*) AS n FROM message'))[0].n);

  it('refuses bad input with 400 and a key naming the field, and queues nothing', async () => {
    const call = await t.factory.call();
    const before = await count();
    const cases: [object, string, string][] = [
      [
        { callId: '00000000-0000-4000-8000-000000000000', states: ['submitted'], subject: 's', body: '<p>b</p>' },
        'pages.admin.call-not-found',
        'callId',
      ],
      [{ callId: call.id, states: ['submitted'], subject: '   ', body: '<p>b</p>' }, 'pages.admin.messages.subject-required', 'subject'],
      [{ callId: call.id, states: ['submitted'], subject: 's', body: '<p> </p>' }, 'pages.admin.messages.body-required', 'body'],
      [
        { addresses: Array.from({ length: 10_001 }, (_, i) => `a${i}@x.test`), subject: 's', body: '<p>b</p>' },
        'pages.admin.messages.too-many-addresses',
        'addresses',
      ],
      [
        { addresses: ['ok@x.test', 'not an address'], subject: 's', body: '<p>b</p>' },
        'pages.admin.messages.invalid-address',
        'addresses[1]',
      ],
      [{ states: ['submitted'], subject: 's', body: '<p>b</p>' }, 'pages.admin.messages.call-required', 'callId'],
      [{ callId: call.id, subject: 's', body: '<p>b</p>' }, 'pages.admin.messages.no-recipients', 'states'],
      [{ addresses: ['a@x.test'], subject: 'Hi {{secret}}', body: '<p>b</p>' }, 'pages.admin.messages.unknown-placeholder', 'subject'],
      [{ addresses: ['a@x.test'], subject: 's', body: '<p onclick="x()">b</p>' }, 'errors.unsafe-html', 'body'],
      [{ addresses: ['a@x.test'], subject: 's', body: '<p>b</p>', states: ['everyone'] }, 'errors.validation', 'states'],
    ];
    for (const [body, key, field] of cases) {
      const res = await send(body);
      expect([res.status, res.body.key]).toEqual([400, key]);
      expect(Object.keys(res.body.errors ?? {})).toContain(field);
    }
    expect(await count()).toBe(before);
    expect((await send({ addresses: ['a@x.test'], subject: 's', body: '<p>b</p>' }, applicant.headers())).status).toBe(403);
    expect((await t.http.post('/api/SendEmail/SendEmail').send({ addresses: ['a@x.test'], subject: 's', body: '<p>b</p>' })).status).toBe(
      401,
    );
    expect(await count()).toBe(before);
  });

  it("writes to a call's applicants by state (counted first in the preview); the outbox shows every message with its parts", async () => {
    const call = await t.factory.call({ steps: [{ kind: 'text', content: { html: '<p>x</p>' } }] });
    const submitted = await t.factory.applicant(call.id);
    expect((await t.http.post(`/api/Call/CloseCallSubmission?callSubmissionId=${submitted.submissionId}`).set(submitted.h)).status).toBe(
      200,
    );
    const inProgress = await t.factory.applicant(call.id);
    const notStarted = await t.factory.user();
    await t.factory.organization(notStarted);
    const body = {
      callId: call.id,
      states: ['in-progress', 'not-started'],
      addresses: [inProgress.user.email.toUpperCase(), 'extra@x.test'],
      subject: 'News for {{organizationName}}',
      body: '<p>Dear {{recipientName}}, see <a href="https://example.org/x">this</a>.</p>',
    };
    const preview = await t.http
      .post('/api/SendEmail/Preview')
      .set(admin.headers())
      .send({ ...body, language: 'en' });
    expect(preview.status).toBe(200);
    // in progress (1), not started (admin, applicant and notStarted have no submission: they are members of organizations only if they have one), extra address; duplicates once.
    const expected = Number(preview.body.recipients);
    // Filled as for the first recipient: the applicant in progress (the factory's users are all Ada Lovelace).
    const inProgressOrg = (await t.db.query('SELECT name FROM organization WHERE id = $1', [inProgress.orgId]))[0].name;
    expect(preview.body).toMatchObject({ language: 'en', subject: `News for ${inProgressOrg}` });
    expect(preview.body.text).toContain('Dear Ada Lovelace, see this (https://example.org/x).');
    const res = await send(body);
    expect(res.status).toBe(202);
    expect(res.body.queued).toBe(expected);
    const to = (await t.db.query('SELECT to_address FROM message WHERE batch_id = $1', [res.body.batchId])).map(
      (r: { to_address: string }) => r.to_address,
    );
    expect(to).toEqual(expect.arrayContaining([inProgress.user.email, notStarted.email, 'extra@x.test']));
    expect(to).not.toContain(submitted.user.email);
    expect(new Set(to).size).toBe(to.length);
    const list = await waitFor(
      async () => {
        const r = await t.http
          .get('/api/admin/messages')
          .query({ filter: JSON.stringify({ batchId: res.body.batchId }), range: '[0,99]' })
          .set(admin.headers());
        return r.body.every((m: { state: string }) => m.state === 'sent') ? r : undefined;
      },
      20_000,
      'outbox delivered',
    );
    expect(list.headers['content-range']).toBe(`messages 0-${expected - 1}/${expected}`);
    expect(list.body[0]).toMatchObject({ kind: 'custom', transport: 'outbox' });
    expect(list.body[0].html).toBeUndefined();
    const mine = list.body.find((m: { toAddress: string }) => m.toAddress === inProgress.user.email);
    const detail = (await t.http.get(`/api/admin/messages/${mine.id}`).set(admin.headers())).body;
    expect(detail.subject).toBe(
      `News for ${(await t.db.query('SELECT name FROM organization WHERE id = $1', [inProgress.orgId]))[0].name}`,
    );
    expect(detail.html).toContain('Dear Ada Lovelace, see <a href="https://example.org/x">this</a>.');
    expect(detail.text).toContain('Dear Ada Lovelace');
    expect((await t.http.get('/api/admin/messages').set(applicant.headers())).status).toBe(403);
  });

  it("previews with the call's name and the first real recipient of the selection, not sample values", async () => {
    const call = await t.factory.call({ steps: [{ kind: 'text', content: { html: '<p>x</p>' } }] });
    const user = await t.factory.user({ firstName: 'Grace', lastName: 'Hopper' });
    const org = await t.factory.organization(user);
    await t.factory.submission(call.id, user, org.id);
    const orgName = (await t.db.query('SELECT name FROM organization WHERE id = $1', [org.id]))[0].name as string;
    const message = { subject: 'About {{callName}}', body: '<p>Dear {{recipientName}} of {{organizationName}}</p>' };
    const preview = (body: object) =>
      t.http
        .post('/api/SendEmail/Preview')
        .set(admin.headers())
        .send({ ...message, ...body, language: 'en' });

    const byState = await preview({ callId: call.id, states: ['in-progress'], addresses: ['zz-extra@x.test'] });
    expect(byState.status).toBe(200);
    expect(byState.body).toMatchObject({ recipients: 2, subject: `About ${call.name}` });
    expect(byState.body.text).toContain(`Dear Grace Hopper of ${orgName}`);

    // Addresses only, without a call: the first address, as the message would greet it.
    const byAddress = await preview({ addresses: ['b-second@x.test', 'a-first@x.test'] });
    expect(byAddress.body).toMatchObject({ recipients: 2, subject: 'About' });
    expect(byAddress.body.text).toContain('Dear a-first@x.test of');
    expect(byAddress.body.text).not.toContain('Ada Lovelace');
  });

  it("chooses the members who have not started a call among those its e-mail filter lets in (the policy's call.read), any case", async () => {
    const allowed = await t.factory.user();
    await t.factory.organization(allowed);
    const hidden = await t.factory.user();
    await t.factory.organization(hidden);
    const call = await t.factory.call({
      steps: [{ kind: 'text', content: { html: '<p>x</p>' } }],
      isUserFilterEnable: true,
      userFilterEmail: ` ${allowed.email.toUpperCase()} ,nobody-member@x.test`,
    });
    const body = { callId: call.id, states: ['not-started'], subject: 'Only for some', body: '<p>x</p>' };
    const preview = await t.http
      .post('/api/SendEmail/Preview')
      .set(admin.headers())
      .send({ ...body, language: 'en' });
    expect([preview.status, preview.body.recipients]).toEqual([200, 1]);
    const res = await send(body);
    expect([res.status, res.body.queued]).toEqual([202, 1]);
    const to = (await t.db.query('SELECT to_address FROM message WHERE batch_id = $1', [res.body.batchId])).map(
      (r: { to_address: string }) => r.to_address,
    );
    expect(to).toEqual([allowed.email]);
  });

  it('templates: listed per kind and language with their placeholders; an unknown placeholder is refused; an edited one is used, and reset', async () => {
    const list = await t.http.get('/api/admin/message-templates').set(admin.headers());
    expect(list.body).toHaveLength(30);
    const id = 'submission-confirmation.en';
    const bad = await t.http
      .put(`/api/admin/message-templates/${id}`)
      .set(admin.headers())
      .send({ subject: 'Done {{callName}}', html: '<p>{{recapLink}}</p>' });
    expect([bad.status, bad.body.key, Object.keys(bad.body.errors)]).toEqual([400, 'pages.admin.messages.unknown-placeholder', ['html']]);
    expect((await t.http.get('/api/admin/message-templates/nope.en').set(admin.headers())).status).toBe(404);
    const saved = await t.http.put(`/api/admin/message-templates/${id}`).set(admin.headers()).send({
      subject: 'Received: {{callName}}',
      html: '<p>Hello {{recipientName}}, <a href="{{recapUrl}}">your recap</a>.</p>{{answersSummary}}',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ customized: true, subject: 'Received: {{callName}}' });
    expect(saved.body.html).toContain('href="{{recapUrl}}"');
    const preview = await t.http
      .post('/api/admin/message-templates/preview')
      .set(admin.headers())
      .send({ kind: 'submission-confirmation', language: 'en', subject: saved.body.subject, html: saved.body.html });
    expect(preview.body.subject).toBe('Received: Call');
    const a = await closedApplication(t, { language: 'en' });
    const row = await waitFor(async () => (await messageOf(t, a.submissionId)).find((r) => r.state === 'sent'), 20_000, 'sent');
    expect(row.subject).toBe(`Received: ${a.call.name}`);
    expect(row.html).toContain(`href="http://127.0.0.1:3000/call/${a.submissionId}?readonly=true"`);
    const reset = await t.http.delete(`/api/admin/message-templates/${id}`).set(admin.headers());
    expect(reset.body).toMatchObject({ customized: false, subject: 'Application submitted: {{callName}} ({{submissionCode}})' });
    expect(
      (await t.http.put(`/api/admin/message-templates/${id}`).set(applicant.headers()).send({ subject: 'x', html: '<p>x</p>' })).status,
    ).toBe(403);
  });

  it('deadline reminders: N days (per call, default 7) and 1 day before, to submissions in progress, once each', async () => {
    const day = 24 * 3600 * 1000;
    const closingAt = new Date(Date.now() + 10 * day);
    const call = await t.factory.call({ closingAt });
    const open1 = await t.factory.applicant(call.id);
    const closed = await t.factory.applicant(call.id);
    expect((await t.http.post(`/api/Call/CloseCallSubmission?callSubmissionId=${closed.submissionId}`).set(closed.h)).status).toBe(200);
    const messages = t.app.get(MessagesService);
    const reminders = async () =>
      (await t.db.query("SELECT submission_id, params FROM message WHERE kind = 'deadline-reminder' AND call_id = $1", [call.id])) as {
        submission_id: string;
        params: { threshold: number };
      }[];
    await messages.queueReminders(new Date(closingAt.getTime() - 8 * day));
    expect(await reminders()).toHaveLength(0);
    await messages.queueReminders(new Date(closingAt.getTime() - 6.5 * day));
    await messages.queueReminders(new Date(closingAt.getTime() - 6 * day));
    expect(await reminders()).toEqual([{ submission_id: open1.submissionId, params: { threshold: 7 } }]);
    await messages.queueReminders(new Date(closingAt.getTime() - 0.5 * day));
    expect((await reminders()).map((r) => r.params.threshold).sort()).toEqual([1, 7]);
    // Per call: 3 days; 0 turns them off.
    const settings = await t.http.get(`/api/admin/call-message-settings/${call.id}`).set(admin.headers());
    expect(settings.body).toEqual({ id: call.id, reminderDays: 7 });
    const call2 = await t.factory.call({ closingAt });
    const open2 = await t.factory.applicant(call2.id);
    expect((await t.http.put(`/api/admin/call-message-settings/${call2.id}`).set(admin.headers()).send({ reminderDays: 3 })).body).toEqual({
      id: call2.id,
      reminderDays: 3,
    });
    await messages.queueReminders(new Date(closingAt.getTime() - 5 * day));
    expect(
      await t.db.query("SELECT 1 FROM message WHERE kind = 'deadline-reminder' AND submission_id = $1", [open2.submissionId]),
    ).toHaveLength(0);
    await messages.queueReminders(new Date(closingAt.getTime() - 2.5 * day));
    expect(
      await t.db.query("SELECT params FROM message WHERE kind = 'deadline-reminder' AND submission_id = $1", [open2.submissionId]),
    ).toEqual([{ params: { threshold: 3 } }]);
    expect((await t.http.put(`/api/admin/call-message-settings/${call2.id}`).set(admin.headers()).send({ reminderDays: 61 })).status).toBe(
      400,
    );
    expect(
      (await t.http.put(`/api/admin/call-message-settings/${call2.id}`).set(applicant.headers()).send({ reminderDays: 2 })).status,
    ).toBe(403);
    const sent = await waitFor(
      async () =>
        (
          await t.db.query("SELECT subject, state FROM message WHERE kind = 'deadline-reminder' AND submission_id = $1", [
            open2.submissionId,
          ])
        )[0]?.state === 'sent'
          ? true
          : undefined,
      20_000,
      'reminder sent',
    );
    expect(sent).toBe(true);
  });

  it("remembers the person's language; refuses one the product does not have", async () => {
    expect((await t.http.put('/api/User/Language').set(applicant.headers()).send({ language: 'de' })).status).toBe(400);
    expect((await t.http.put('/api/User/Language').send({ language: 'fr' })).status).toBe(401);
    expect((await t.http.put('/api/User/Language').set(applicant.headers()).send({ language: 'fr' })).status).toBe(204);
    expect((await t.db.query('SELECT language FROM app_user WHERE id = $1', [applicant.id]))[0].language).toBe('fr');
  });

  it('no database trigger decides what is sent: a submission closed by SQL alone queues no message', async () => {
    const triggers = await t.db.query(
      `SELECT tgname FROM pg_trigger g JOIN pg_proc p ON p.oid = g.tgfoid
        WHERE NOT g.tgisinternal AND p.prosrc ILIKE '%INSERT INTO message%'`,
    );
    expect(triggers).toEqual([]);
    const call = await t.factory.call();
    const a = await t.factory.applicant(call.id);
    await t.db.query('UPDATE call_submission SET closed = true WHERE id = $1', [a.submissionId]);
    expect(await t.db.query('SELECT 1 FROM message WHERE submission_id = $1', [a.submissionId])).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { MessagesService } from '../src/modules/messages/messages.service.js';
import { createTestApp, type TestApp } from './app.js';
import { createScratchDatabase } from './database.js';
import type { TestUser } from './factory.js';
import { startSmtpSink, waitFor, type SmtpSink } from './smtp-sink.js';

/**
 * The review panel's messages through a real SMTP server on loopback: reviewers' digests and invitations, and the
 * decisions of a release, each in its recipient's language, a call's own decision text winning over the global one.
 */

async function scratchApp(env: Record<string, string>) {
  const db = await createScratchDatabase('ic_rmsg');
  const t = await createTestApp({ MAIL_RETRY_DELAY_SECONDS: '1', ...env }, db.url);
  return { t, db };
}

const messagesOf = async (t: TestApp, where: string, args: unknown[]) =>
  (await t.db.query(`SELECT * FROM message WHERE ${where} ORDER BY created_at`, args)) as Record<string, unknown>[];

describe('review messages over a real SMTP server', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let drop: () => Promise<void>;
  let admin: TestUser;
  let messages: MessagesService;

  beforeAll(async () => {
    sink = await startSmtpSink();
    const s = await scratchApp({ SMTP_URL: sink.url, MAIL_FROM: 'Impact Calls <calls@example.org>' });
    t = s.t;
    drop = s.db.drop;
    admin = await t.factory.user({ admin: true });
    messages = t.app.get(MessagesService);
  });
  afterAll(async () => {
    await t.close();
    await drop();
    await sink.stop();
  });

  /** Queues in a transaction of the caller's, as the reviews module does, then sends once it committed. */
  async function queued<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    const out = await t.db.transaction(work);
    messages.sendQueued();
    return out;
  }

  const setLanguage = async (user: TestUser, language: string, orgId?: string) =>
    expect((await t.http.put('/api/User/Language').set(user.headers(orgId)).send({ language })).status).toBe(204);

  const to = (address: string) => (m: { to?: unknown }) => (m.to as { text: string } | undefined)?.text === address;

  it("sends each reviewer one digest in their language (stored, else the configuration's), with the workspace link", async () => {
    const call = await t.factory.call();
    const french = await t.factory.user({ firstName: 'Marie', lastName: 'Curie' });
    await setLanguage(french, 'fr');
    const byAddress = await t.factory.user({ firstName: 'Enrico', lastName: 'Fermi' });
    await queued((m) =>
      messages.reviewAssignmentsDigest(m, call.id, [
        { userId: french.id, email: french.email, count: 3 },
        // Known by address only: the user of that address is found (their name, their language).
        { userId: null, email: byAddress.email.toUpperCase(), count: 1 },
        { userId: null, email: 'nobody-new@review.test', count: 0 },
      ]),
    );
    const fr = await waitFor(() => sink.received.find(to(french.email)), 20_000, 'French digest');
    expect(fr.subject).toBe(`Candidatures à évaluer : ${call.name}`);
    expect(fr.headers.get('content-language')).toBe('fr');
    expect(fr.text).toContain('Bonjour Marie Curie');
    expect(fr.text).toContain('3');
    expect(fr.text).toContain(`http://127.0.0.1:3000/admin/review/${call.id}`);
    const it = await waitFor(() => sink.received.find(to(byAddress.email)), 20_000, 'Italian digest');
    expect(it.subject).toBe(`Candidature da valutare: ${call.name}`);
    expect(it.text).toContain('Gentile Enrico Fermi');
    const rows = await messagesOf(t, 'call_id = $1 AND kind = $2', [call.id, 'review-assignments']);
    expect(rows.map((r) => [r.user_id, r.to_address])).toEqual(
      expect.arrayContaining([
        [french.id, french.email],
        [byAddress.id, byAddress.email],
      ]),
    );
    // A reviewer with nothing new gets nothing.
    expect(rows).toHaveLength(2);
    // Another assignment run: another digest.
    await queued((m) => messages.reviewAssignmentsDigest(m, call.id, [{ userId: french.id, email: french.email, count: 2 }]));
    expect(await messagesOf(t, 'call_id = $1 AND kind = $2', [call.id, 'review-assignments'])).toHaveLength(3);
  });

  it('invites an address that never signed in, once per call, in the configuration default language', async () => {
    const call = await t.factory.call();
    const address = `guest-${randomUUID().slice(0, 8)}@review.test`;
    await queued((m) => messages.reviewerInvited(m, call.id, address));
    await queued((m) => messages.reviewerInvited(m, call.id, ` ${address.toUpperCase()} `));
    const mail = await waitFor(() => sink.received.find(to(address)), 20_000, 'invitation');
    expect(mail.subject).toBe(`Invito a valutare: ${call.name}`);
    expect(mail.text).toContain(`http://127.0.0.1:3000/admin/review/${call.id}`);
    expect(mail.text).toContain('Impact Calls');
    expect(await messagesOf(t, 'call_id = $1 AND kind = $2', [call.id, 'reviewer-invitation'])).toHaveLength(1);
  });

  it("tells applicants the decisions of a release in their language: the call's text over the global one, comments escaped", async () => {
    const call = await t.factory.call();
    const other = await t.factory.call();
    const approved = await t.factory.applicant(call.id);
    await setLanguage(approved.user, 'en', approved.orgId);
    const rejected = await t.factory.applicant(call.id);
    await setLanguage(rejected.user, 'fr', rejected.orgId);
    const waiting = await t.factory.applicant(call.id);
    const elsewhere = await t.factory.applicant(other.id);
    await setLanguage(elsewhere.user, 'en', elsewhere.orgId);
    const codeOf = async (id: string) =>
      ((await t.db.query('SELECT code FROM call_submission WHERE id = $1', [id])) as { code: string }[])[0].code;

    const id = 'decision-approved.en';
    const global = await t.http
      .put(`/api/admin/message-templates/${id}`)
      .set(admin.headers())
      .send({ subject: 'Every call: {{callName}}', html: '<p>Global text for {{recipientName}}</p>{{reviewerComments}}' });
    expect(global.status).toBe(200);
    expect(global.body).toMatchObject({ callId: null, source: 'global', customized: true });
    const own = await t.http.put(`/api/admin/message-templates/${id}`).set(admin.headers()).send({
      callId: call.id,
      subject: 'This call: {{submissionCode}}',
      html: '<p>Funded, {{organizationName}}!</p>{{reviewerComments}}',
    });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ callId: call.id, source: 'call', customized: true, subject: 'This call: {{submissionCode}}' });

    const releaseId = randomUUID();
    const items = [
      {
        submissionId: approved.submissionId,
        decision: 'approved' as const,
        applicantComments: ['Great <script>alert(1)</script> work', '  '],
      },
      { submissionId: rejected.submissionId, decision: 'rejected' as const, applicantComments: [] },
      { submissionId: waiting.submissionId, decision: 'waiting-list' as const, applicantComments: ['Solido & chiaro'] },
      // Not a submission of this call: nothing.
      { submissionId: elsewhere.submissionId, decision: 'approved' as const, applicantComments: [] },
    ];
    expect(await queued((m) => messages.decisionsReleased(m, call.id, releaseId, items))).toBe(3);
    // The same release again queues nothing more.
    expect(await queued((m) => messages.decisionsReleased(m, call.id, releaseId, items))).toBe(0);
    expect(
      await queued((m) =>
        messages.decisionsReleased(m, other.id, randomUUID(), [
          { submissionId: elsewhere.submissionId, decision: 'approved', applicantComments: [] },
        ]),
      ),
    ).toBe(1);

    const en = await waitFor(() => sink.received.find(to(approved.user.email)), 20_000, 'approved (call text)');
    expect(en.subject).toBe(`This call: ${await codeOf(approved.submissionId)}`);
    expect(en.headers.get('content-language')).toBe('en');
    expect(en.html).toContain('The reviewers&#39; comments');
    expect(en.html).toContain('<li>Great &lt;script&gt;alert(1)&lt;/script&gt; work</li>');
    expect(en.html).not.toContain('<script>');
    expect(en.text).toContain('- Great <script>alert(1)</script> work');

    const fr = await waitFor(() => sink.received.find(to(rejected.user.email)), 20_000, 'rejected (built-in, French)');
    expect(fr.subject).toBe(`Le résultat de votre candidature à ${call.name} (${await codeOf(rejected.submissionId)})`);
    expect(fr.text).toContain(`http://127.0.0.1:3000/call/${rejected.submissionId}?readonly=true`);
    expect(fr.html).not.toContain('commentaires des évaluateurs');

    const it = await waitFor(() => sink.received.find(to(waiting.user.email)), 20_000, 'waiting list (built-in, Italian)');
    expect(it.subject).toBe(`Candidatura in lista d’attesa: ${call.name} (${await codeOf(waiting.submissionId)})`);
    expect(it.html).toContain('<li>Solido &amp; chiaro</li>');

    // The other call has no text of its own: the global one.
    const global2 = await waitFor(() => sink.received.find(to(elsewhere.user.email)), 20_000, 'approved (global text)');
    expect(global2.subject).toBe(`Every call: ${other.name}`);

    const rows = await messagesOf(t, 'call_id = $1 AND kind LIKE $2', [call.id, 'decision-%']);
    expect(rows.map((r) => [r.kind, r.dedupe_key]).sort()).toEqual(
      [
        ['decision-approved', `decision:${releaseId}:${approved.submissionId}`],
        ['decision-rejected', `decision:${releaseId}:${rejected.submissionId}`],
        ['decision-waiting-list', `decision:${releaseId}:${waiting.submissionId}`],
      ].sort(),
    );
  });

  it("the console edits a call's decision text: listed with the call, refused for other kinds, reset to the global one", async () => {
    const call = await t.factory.call();
    const h = admin.headers();
    const list = await t.http.get('/api/admin/message-templates').query({ callId: call.id }).set(h);
    expect(list.status).toBe(200);
    const kinds = new Set(list.body.map((x: { kind: string }) => x.kind));
    for (const k of [
      'review-assignments',
      'reviewer-invitation',
      'decision-shortlisted',
      'decision-approved',
      'decision-rejected',
      'decision-waiting-list',
    ])
      expect(kinds).toContain(k);
    const shortlisted = list.body.find((x: { id: string }) => x.id === 'decision-shortlisted.it');
    expect(shortlisted).toMatchObject({ callId: call.id, source: 'built-in', customized: false });
    expect(shortlisted.placeholders).toEqual([
      'recipientName',
      'organizationName',
      'callName',
      'submissionCode',
      'reviewerComments',
      'recapUrl',
      'configurationName',
    ]);
    expect(list.body.find((x: { id: string }) => x.id === 'submission-confirmation.it')).toMatchObject({ callId: null });

    const saved = await t.http
      .put('/api/admin/message-templates/decision-shortlisted.it')
      .set(h)
      .send({ callId: call.id, subject: 'Rosa: {{callName}}', html: '<p>Ciao {{recipientName}}</p>' });
    expect(saved.body).toMatchObject({ source: 'call', customized: true });
    const again = await t.http.get('/api/admin/message-templates/decision-shortlisted.it').query({ callId: call.id }).set(h);
    expect(again.body).toMatchObject({ subject: 'Rosa: {{callName}}', source: 'call' });
    // The global one is untouched.
    expect((await t.http.get('/api/admin/message-templates/decision-shortlisted.it').set(h)).body).toMatchObject({
      source: 'built-in',
      callId: null,
    });

    const refused = await t.http
      .put('/api/admin/message-templates/submission-reopened.it')
      .set(h)
      .send({ callId: call.id, subject: 'x', html: '<p>x</p>' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ key: 'pages.admin.messages.template-not-per-call', errors: { callId: expect.any(String) } });
    const unknown = await t.http
      .put('/api/admin/message-templates/decision-shortlisted.it')
      .set(h)
      .send({ callId: randomUUID(), subject: 'x', html: '<p>x</p>' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ key: 'pages.admin.call-not-found' });
    const html = await t.http
      .put('/api/admin/message-templates/decision-shortlisted.it')
      .set(h)
      .send({ callId: call.id, subject: 'Rosa {{reviewerComments}}', html: '<p>x</p>' });
    expect(html.body).toMatchObject({ key: 'pages.admin.messages.unknown-placeholder' });

    const reset = await t.http.delete('/api/admin/message-templates/decision-shortlisted.it').query({ callId: call.id }).set(h);
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ source: 'built-in', customized: false, callId: call.id });

    // A call's text goes with the call.
    await t.http
      .put('/api/admin/message-templates/decision-rejected.fr')
      .set(h)
      .send({ callId: call.id, subject: 'Non', html: '<p>Non</p>' });
    await t.db.query('DELETE FROM call WHERE id = $1', [call.id]);
    expect(await t.db.query('SELECT 1 FROM message_template WHERE call_id = $1', [call.id])).toHaveLength(0);
  });
});

describe('a release of 2,000 decisions (development outbox)', () => {
  let t: TestApp;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const s = await scratchApp({});
    t = s.t;
    drop = s.db.drop;
  });
  afterAll(async () => {
    await t.close();
    await drop();
  });

  it('queues a message per submission in one call, in well under a second per thousand', async () => {
    const call = await t.factory.call();
    const user = await t.factory.user();
    // 2,000 applications of as many organizations, made in bulk: the factory's one by one would take minutes.
    const rows = (await t.db.query(
      `WITH o AS (
         INSERT INTO organization (name, reg_number, street_name, city_name, country, contact_name, contact_surname, contact_role, contact_email, created_by_id)
         SELECT 'Bulk ' || i, 'IT' || i, 'Via Roma ' || i, 'Milano', 'Italy', 'Ada', 'Lovelace', 'Director', 'ada' || i || '@bulk.test', $2::uuid
           FROM generate_series(1, 2000) i RETURNING id)
       INSERT INTO call_submission (call_id, organization_id, user_id, code)
       SELECT $1::uuid, o.id, $2::uuid, 'BULK-' || substr(md5(o.id::text), 1, 12) FROM o RETURNING id`,
      [call.id, user.id],
    )) as { id: string }[];
    expect(rows).toHaveLength(2000);
    const decisions = ['shortlisted', 'approved', 'rejected', 'waiting-list'] as const;
    const items = rows.map((r, i) => ({
      submissionId: r.id,
      decision: decisions[i % 4],
      applicantComments: i % 2 ? [`Comment ${i} <b>bold</b>`] : [],
    }));
    const messages = t.app.get(MessagesService);
    const started = Date.now();
    const queued = await t.db.transaction((m) => messages.decisionsReleased(m, call.id, randomUUID(), items));
    const ms = Date.now() - started;
    expect(queued).toBe(2000);
    expect(ms).toBeLessThan(2000);
    const counts = (await t.db.query(
      `SELECT kind, count(*)::int AS n, count(params)::int AS with_comments FROM message WHERE call_id = $1 GROUP BY kind ORDER BY kind`,
      [call.id],
    )) as { kind: string; n: number; with_comments: number }[];
    expect(counts).toEqual([
      { kind: 'decision-approved', n: 500, with_comments: 500 },
      { kind: 'decision-rejected', n: 500, with_comments: 0 },
      { kind: 'decision-shortlisted', n: 500, with_comments: 0 },
      { kind: 'decision-waiting-list', n: 500, with_comments: 500 },
    ]);
  });
});

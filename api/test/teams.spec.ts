import type { ParsedMail } from 'mailparser';
import { createTestApp, type TestApp } from './app.js';
import { createScratchDatabase } from './database.js';
import { testFiles, type TestUser } from './factory.js';
import { startSmtpSink, waitFor, type SmtpSink } from './smtp-sink.js';

/**
 * Organization teams through the HTTP API, e-mails through a real SMTP server on loopback: the invitation lifecycle
 * (invite, e-mail in the chosen language, accept, single use, expiry, withdrawal, another address, resend), what each
 * role may do (owner, editor, viewer), and the rule that an organization always keeps an owner.
 */

let sink: SmtpSink;
let t: TestApp;
let drop: () => Promise<void>;

beforeAll(async () => {
  sink = await startSmtpSink();
  const db = await createScratchDatabase('ic_teams');
  drop = db.drop;
  t = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'Impact Calls <calls@example.org>', MAIL_RETRY_DELAY_SECONDS: '1' }, db.url);
});
afterAll(async () => {
  await t?.close();
  await drop?.();
  await sink?.stop();
});

const base = (orgId: string) => `/api/organizations/${orgId}`;
const to = (address: string) => (m: ParsedMail) => (m.to as { text: string } | undefined)?.text === address;
/** The token of the accept link of the last e-mail to an address (its count of e-mails must reach `n`). */
async function tokenMailed(address: string, n = 1): Promise<{ token: string; mail: ParsedMail }> {
  const mails = await waitFor(
    () => {
      const got = sink.received.filter(to(address));
      return got.length >= n ? got : undefined;
    },
    20_000,
    `e-mail ${n} to ${address}`,
  );
  const mail = mails[n - 1];
  const token = /\/invitation\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')?.[1];
  expect(token).toBeDefined();
  return { token: token!, mail };
}

async function team() {
  const owner = await t.factory.user({ firstName: 'Olga', lastName: 'Owner' });
  const org = await t.factory.organization(owner);
  return { owner, orgId: org.id };
}

/** A new member of the organization in a role, through an invitation accepted. */
async function member(orgId: string, owner: TestUser, role: 'owner' | 'editor' | 'viewer'): Promise<TestUser> {
  const user = await t.factory.user();
  const invited = await t.http
    .post(`${base(orgId)}/invitations`)
    .set(owner.headers())
    .send({ email: user.email, role });
  expect(invited.status).toBe(201);
  const { token } = await tokenMailed(user.email);
  const accepted = await t.http.post(`/api/invitations/${token}/accept`).set(user.headers());
  expect(accepted.body).toEqual({ organizationId: orgId, role });
  return user;
}

describe('invitations', () => {
  it('invites in the chosen language; the link shows the invitation and joins once', async () => {
    const { owner, orgId } = await team();
    const invitee = await t.factory.user({ firstName: 'Ines', lastName: 'Invitee' });
    const email = invitee.email.toUpperCase();

    const invited = await t.http
      .post(`${base(orgId)}/invitations`)
      .set(owner.headers())
      .send({ email, role: 'editor', language: 'fr' });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      email: invitee.email,
      role: 'editor',
      language: 'fr',
      invitedByName: 'Olga Owner',
      state: 'pending',
    });
    const days = (Date.parse(invited.body.expiresAt) - Date.parse(invited.body.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);

    const { token, mail } = await tokenMailed(invitee.email);
    const [orgName] = (await t.db.query('SELECT name FROM organization WHERE id = $1', [orgId])) as { name: string }[];
    expect(mail.subject).toBe(`Rejoignez ${orgName.name} sur Impact Calls`);
    expect(mail.headers.get('content-language')).toBe('fr');
    expect(mail.text).toContain('Olga Owner vous invite');
    expect(mail.text).toContain('en tant que Rédacteur');
    expect(mail.text).toContain(`http://127.0.0.1:3000/invitation/${token}`);
    // Only the token's hash is kept with the invitation.
    const [row] = (await t.db.query('SELECT token_hash FROM organization_invitation WHERE id = $1', [invited.body.id])) as {
      token_hash: string;
    }[];
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toContain(token);

    const listed = await t.http.get(`${base(orgId)}/invitations`).set(owner.headers());
    expect(listed.body.map((i: { id: string }) => i.id)).toEqual([invited.body.id]);

    // Someone else sees it masked; the invitee sees their own address.
    const stranger = await t.factory.user();
    const seen = await t.http.get(`/api/invitations/${token}`).set(stranger.headers());
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      organizationName: orgName.name,
      role: 'editor',
      invitedByName: 'Olga Owner',
      state: 'pending',
      forMe: false,
    });
    expect(seen.body.email).toBe(`${invitee.email[0]}***@applicant.test`);
    const mine = await t.http.get(`/api/invitations/${token}`).set(invitee.headers());
    expect(mine.body).toMatchObject({ email: invitee.email, forMe: true });

    // Another address: refused, saying (masked) for whom it is.
    const foreign = await t.http.post(`/api/invitations/${token}/accept`).set(stranger.headers());
    expect([foreign.status, foreign.body.key, foreign.body.email]).toEqual([409, 'errors.team.invitation-foreign', seen.body.email]);

    const accepted = await t.http.post(`/api/invitations/${token}/accept`).set(invitee.headers());
    expect([accepted.status, accepted.body]).toEqual([200, { organizationId: orgId, role: 'editor' }]);
    const orgs = await t.http.get('/api/Organization/GetOrganizations').set(invitee.headers());
    expect(orgs.body.map((o: { id: string; role: string }) => [o.id, o.role])).toEqual([[orgId, 'editor']]);
    const members = await t.http.get(`${base(orgId)}/members`).set(invitee.headers(orgId));
    expect(members.body.map((m: { email: string; role: string; isMe: boolean }) => [m.email, m.role, m.isMe])).toEqual([
      [owner.email, 'owner', false],
      [invitee.email, 'editor', true],
    ]);
    expect(members.body[1].joinedAt).toMatch(/Z$/);

    // Single use; gone from the owners' list.
    const again = await t.http.post(`/api/invitations/${token}/accept`).set(invitee.headers());
    expect([again.status, again.body.key]).toEqual([409, 'errors.team.invitation-used']);
    expect((await t.http.get(`/api/invitations/${token}`).set(invitee.headers())).body.state).toBe('used');
    expect((await t.http.get(`${base(orgId)}/invitations`).set(owner.headers())).body).toEqual([]);
  });

  it('refuses an unknown, expired or withdrawn invitation, and a member or a pending address', async () => {
    const { owner, orgId } = await team();
    const h = owner.headers();
    const unknown = 'A'.repeat(43);
    for (const res of [
      await t.http.get(`/api/invitations/${unknown}`).set(h),
      await t.http.post(`/api/invitations/${unknown}/accept`).set(h),
      await t.http.get('/api/invitations/not-a-token').set(h),
    ])
      expect([res.status, res.body.key]).toEqual([404, 'errors.team.invitation-not-found']);

    const late = await t.factory.user();
    const expiring = await t.http
      .post(`${base(orgId)}/invitations`)
      .set(h)
      .send({ email: late.email, role: 'viewer' });
    const { token: lateToken } = await tokenMailed(late.email);
    await t.db.query("UPDATE organization_invitation SET expires_at = now() - interval '1 minute' WHERE id = $1", [expiring.body.id]);
    const expired = await t.http.post(`/api/invitations/${lateToken}/accept`).set(late.headers());
    expect([expired.status, expired.body.key]).toEqual([409, 'errors.team.invitation-expired']);
    expect((await t.http.get(`/api/invitations/${lateToken}`).set(late.headers())).body.state).toBe('expired');
    expect((await t.http.get(`${base(orgId)}/invitations`).set(h)).body).toMatchObject([{ id: expiring.body.id, state: 'expired' }]);
    // Inviting the address again renews the expired invitation: a new link, the old one dead.
    const renewed = await t.http
      .post(`${base(orgId)}/invitations`)
      .set(h)
      .send({ email: late.email, role: 'editor' });
    expect([renewed.status, renewed.body.id, renewed.body.state, renewed.body.role]).toEqual([201, expiring.body.id, 'pending', 'editor']);
    const { token: renewedToken } = await tokenMailed(late.email, 2);
    expect(renewedToken).not.toBe(lateToken);
    expect((await t.http.post(`/api/invitations/${lateToken}/accept`).set(late.headers())).status).toBe(404);

    // A pending address: the UI offers to send it again.
    const twice = await t.http
      .post(`${base(orgId)}/invitations`)
      .set(h)
      .send({ email: late.email.toUpperCase(), role: 'viewer' });
    expect([twice.status, twice.body.key, twice.body.invitationId]).toEqual([409, 'errors.team.already-invited', expiring.body.id]);

    // Withdrawn.
    const revoked = await t.http.delete(`${base(orgId)}/invitations/${expiring.body.id}`).set(h);
    expect(revoked.status).toBe(204);
    const refused = await t.http.post(`/api/invitations/${renewedToken}/accept`).set(late.headers());
    expect([refused.status, refused.body.key]).toEqual([409, 'errors.team.invitation-revoked']);
    expect((await t.http.delete(`${base(orgId)}/invitations/${expiring.body.id}`).set(h)).status).toBe(404);
    expect((await t.http.get(`${base(orgId)}/invitations`).set(h)).body).toEqual([]);

    // A member already: the owner themself, by any case.
    const self = await t.http
      .post(`${base(orgId)}/invitations`)
      .set(h)
      .send({ email: owner.email.toUpperCase(), role: 'editor' });
    expect([self.status, self.body.key]).toEqual([409, 'errors.team.already-member']);
    // Accepting while already a member (joined meanwhile through another invitation).
    const joiner = await t.factory.user();
    await t.http
      .post(`${base(orgId)}/invitations`)
      .set(h)
      .send({ email: joiner.email, role: 'viewer' });
    const { token: joinToken } = await tokenMailed(joiner.email);
    await t.db.query("INSERT INTO organization_member (organization_id, user_id, role) VALUES ($1, $2, 'viewer')", [orgId, joiner.id]);
    const dup = await t.http.post(`/api/invitations/${joinToken}/accept`).set(joiner.headers());
    expect([dup.status, dup.body.key]).toEqual([409, 'errors.team.already-member']);
  });

  it('resends with a new token: the old link stops working', async () => {
    const { owner, orgId } = await team();
    const invitee = await t.factory.user();
    const invited = await t.http
      .post(`${base(orgId)}/invitations`)
      .set(owner.headers())
      .send({ email: invitee.email, role: 'viewer', language: 'en' });
    const { token: first } = await tokenMailed(invitee.email);
    const resent = await t.http.post(`${base(orgId)}/invitations/${invited.body.id}/resend`).set(owner.headers());
    expect([resent.status, resent.body.id, resent.body.state, resent.body.language]).toEqual([200, invited.body.id, 'pending', 'en']);
    const { token: second, mail } = await tokenMailed(invitee.email, 2);
    expect(second).not.toBe(first);
    expect(mail.subject).toMatch(/^Join .* on Impact Calls$/);
    expect(mail.text).toContain('as Viewer');
    expect((await t.http.post(`/api/invitations/${first}/accept`).set(invitee.headers())).status).toBe(404);
    expect((await t.http.post(`/api/invitations/${second}/accept`).set(invitee.headers())).body).toEqual({
      organizationId: orgId,
      role: 'viewer',
    });
  });

  it('validates the invitation and the role (400 with field errors)', async () => {
    const { owner, orgId } = await team();
    for (const [body, field] of [
      [{ email: 'not-an-address', role: 'editor' }, 'email'],
      [{ email: 'x@applicant.test', role: 'admin' }, 'role'],
      [{ email: 'x@applicant.test', role: 'editor', language: 'de' }, 'language'],
    ] as const) {
      const res = await t.http
        .post(`${base(orgId)}/invitations`)
        .set(owner.headers())
        .send(body);
      expect([res.status, res.body.key, Object.keys(res.body.errors ?? {})]).toEqual([400, 'errors.validation', [field]]);
    }
    const res = await t.http
      .put(`${base(orgId)}/members/${owner.id}`)
      .set(owner.headers())
      .send({ role: 'boss' });
    expect([res.status, res.body.key]).toEqual([400, 'errors.validation']);
  });
});

describe('roles', () => {
  async function fillCall() {
    return t.factory.call({
      steps: [
        {
          kind: 'upload',
          name: 'Documents',
          content: [{ file_name: 'Plan', file_description: '', file_type: 'pdf', dimensions: 1000, mandatory: false }],
        },
        { kind: 'survey', name: 'About', content: { pages: [{ elements: [{ type: 'text', name: 'mission' }] }] } },
      ],
    });
  }
  const stepOf = (call: Awaited<ReturnType<typeof fillCall>>, name: string) => call.callType.steps.find((s) => s.name === name)!.id;

  it('a viewer reads but writes nothing (409 errors.team.read-only, never 403)', async () => {
    const { owner, orgId } = await team();
    const viewer = await member(orgId, owner, 'viewer');
    const call = await fillCall();
    const vh = viewer.headers(orgId);

    // No submission yet: the viewer cannot open one.
    const create = await t.http.post('/api/Call/UpsertCallSubmission').set(vh).send({ callId: call.id });
    expect([create.status, create.body.key]).toEqual([409, 'errors.team.read-only']);

    const oh = owner.headers(orgId);
    const submissionId = (await t.http.post('/api/Call/UpsertCallSubmission').set(oh).send({ callId: call.id })).body.id;
    const uploaded = await t.http
      .post('/api/FileUpload/UploadFile')
      .set(oh)
      .field('CallSubmissionId', submissionId)
      .field('StepId', stepOf(call, 'Documents'))
      .field('SlotIndex', '0')
      .attach('File', testFiles.pdf(), 'plan.pdf');
    expect(uploaded.status).toBe(200);

    // Reads: the organization, the submission (read-only for them), its files.
    const listed = (await t.http.get('/api/Organization/GetOrganizations').set(vh)).body;
    expect(listed.map((o: { id: string; role: string }) => [o.id, o.role])).toEqual([[orgId, 'viewer']]);
    expect((await t.http.get(`/api/Organization/GetOrganizationById?orgId=${orgId}`).set(vh)).status).toBe(200);
    const read = await t.http.get(`/api/Call/GetSubmissionByID?submissionId=${submissionId}`).set(vh);
    expect([read.status, read.body.readOnly]).toEqual([200, true]);
    expect((await t.http.get(`/api/FileUpload/GetAttachments?submissionId=${submissionId}`).set(vh)).status).toBe(200);

    const writes = {
      save: await t.http
        .post('/api/Call/UpsertCallStepResult')
        .set(vh)
        .send({ callSubmissionId: submissionId, stepId: stepOf(call, 'About'), content: { mission: 'x' } }),
      upload: await t.http
        .post('/api/FileUpload/UploadFile')
        .set(vh)
        .field('CallSubmissionId', submissionId)
        .field('StepId', stepOf(call, 'Documents'))
        .field('SlotIndex', '0')
        .attach('File', testFiles.pdf(), 'plan.pdf'),
      deleteFile: await t.http.post(`/api/FileUpload/DeleteAttachment?attachmentId=${uploaded.body.id}`).set(vh),
      close: await t.http.post(`/api/Call/CloseCallSubmission?callSubmissionId=${submissionId}`).set(vh),
    };
    for (const [what, res] of Object.entries(writes))
      expect([what, res.status, res.body.key]).toEqual([what, 409, 'errors.team.read-only']);

    // The organization itself and its team are the owners'.
    const org = (await t.http.get(`/api/Organization/GetOrganizationById?orgId=${orgId}`).set(vh)).body;
    const { id, version, sentApplications, createdAt, ...fields } = org;
    void sentApplications;
    void createdAt;
    const update = await t.http
      .put('/api/Organization/UpdateOrganization')
      .set(vh)
      .send({ ...fields, id, version });
    const invite = await t.http
      .post(`${base(orgId)}/invitations`)
      .set(vh)
      .send({ email: 'x@applicant.test', role: 'viewer' });
    const list = await t.http.get(`${base(orgId)}/invitations`).set(vh);
    for (const res of [update, invite, list]) expect([res.status, res.body.key]).toEqual([409, 'errors.team.owners-only']);
    expect((await t.http.get(`${base(orgId)}/members`).set(vh)).status).toBe(200);
  });

  it('an editor fills and submits, but manages neither the team nor the organization', async () => {
    const { owner, orgId } = await team();
    const editor = await member(orgId, owner, 'editor');
    const call = await fillCall();
    const eh = editor.headers(orgId);
    const submission = await t.http.post('/api/Call/UpsertCallSubmission').set(eh).send({ callId: call.id });
    expect(submission.status).toBe(200);
    const saved = await t.http
      .post('/api/Call/UpsertCallStepResult')
      .set(eh)
      .send({
        callSubmissionId: submission.body.id,
        stepId: stepOf(call, 'About'),
        content: { data: { mission: 'Clean water' }, currentPageNo: 0, completed: true },
      });
    expect(saved.status).toBe(200);
    const uploaded = await t.http
      .post('/api/FileUpload/UploadFile')
      .set(eh)
      .field('CallSubmissionId', submission.body.id)
      .field('StepId', stepOf(call, 'Documents'))
      .field('SlotIndex', '0')
      .attach('File', testFiles.pdf(), 'plan.pdf');
    expect(uploaded.status).toBe(200);
    expect((await t.http.post(`/api/FileUpload/DeleteAttachment?attachmentId=${uploaded.body.id}`).set(eh)).status).toBe(204);
    const closed = await t.http.post(`/api/Call/CloseCallSubmission?callSubmissionId=${submission.body.id}`).set(eh);
    expect([closed.status, closed.body.key]).toEqual([200, undefined]);

    const invite = await t.http
      .post(`${base(orgId)}/invitations`)
      .set(eh)
      .send({ email: 'y@applicant.test', role: 'viewer' });
    const promote = await t.http
      .put(`${base(orgId)}/members/${editor.id}`)
      .set(eh)
      .send({ role: 'owner' });
    const demote = await t.http
      .put(`${base(orgId)}/members/${owner.id}`)
      .set(eh)
      .send({ role: 'viewer' });
    const removeOwner = await t.http.delete(`${base(orgId)}/members/${owner.id}`).set(eh);
    const deleteOrg = await t.http.post(`/api/Organization/DeleteOrganization?orgId=${orgId}`).set(eh);
    for (const res of [invite, promote, demote, removeOwner, deleteOrg])
      expect([res.status, res.body.key]).toEqual([409, 'errors.team.owners-only']);
    // The organization is still there, its owner too.
    expect((await t.http.get(`${base(orgId)}/members`).set(owner.headers())).body).toHaveLength(2);
  });

  it('non-members get 404 on every team route', async () => {
    const { owner, orgId } = await team();
    const outsider = await t.factory.user();
    const h = outsider.headers();
    for (const res of [
      await t.http.get(`${base(orgId)}/members`).set(h),
      await t.http
        .put(`${base(orgId)}/members/${owner.id}`)
        .set(h)
        .send({ role: 'viewer' }),
      await t.http.delete(`${base(orgId)}/members/${owner.id}`).set(h),
      await t.http.get(`${base(orgId)}/invitations`).set(h),
      await t.http
        .post(`${base(orgId)}/invitations`)
        .set(h)
        .send({ email: 'z@applicant.test', role: 'viewer' }),
    ])
      expect([res.status, res.body.key]).toEqual([404, 'errors.organization-not-found']);
    // Naming it in SelectedOrganizationId is refused at the door, as before.
    expect((await t.http.get(`${base(orgId)}/members`).set(outsider.headers(orgId))).status).toBe(403);
  });
});

describe('owners', () => {
  it('always keeps one: the last owner cannot be demoted, removed or leave', async () => {
    const { owner, orgId } = await team();
    const h = owner.headers();
    const demote = await t.http
      .put(`${base(orgId)}/members/${owner.id}`)
      .set(h)
      .send({ role: 'editor' });
    const remove = await t.http.delete(`${base(orgId)}/members/${owner.id}`).set(h);
    for (const res of [demote, remove]) expect([res.status, res.body.key]).toEqual([409, 'errors.team.last-owner']);

    // With a second owner, the first may step down, then the second is the last one.
    const second = await member(orgId, owner, 'editor');
    const promoted = await t.http
      .put(`${base(orgId)}/members/${second.id}`)
      .set(h)
      .send({ role: 'owner' });
    expect(promoted.body).toMatchObject({ userId: second.id, role: 'owner', isMe: false });
    const stepDown = await t.http
      .put(`${base(orgId)}/members/${owner.id}`)
      .set(h)
      .send({ role: 'viewer' });
    expect(stepDown.body).toMatchObject({ userId: owner.id, role: 'viewer', isMe: true });
    const leave = await t.http.delete(`${base(orgId)}/members/${second.id}`).set(second.headers());
    expect([leave.status, leave.body.key]).toEqual([409, 'errors.team.last-owner']);

    // The former owner, now a viewer, leaves; the owner removes nobody unknown.
    expect((await t.http.delete(`${base(orgId)}/members/${owner.id}`).set(h)).status).toBe(204);
    expect((await t.http.get(`${base(orgId)}/members`).set(h)).status).toBe(404);
    const gone = await t.http.delete(`${base(orgId)}/members/${owner.id}`).set(second.headers());
    expect([gone.status, gone.body.key]).toEqual([404, 'errors.team.member-not-found']);
    expect((await t.http.get('/api/Organization/GetOrganizations').set(h)).body).toEqual([]);
  });

  it('remove members and change roles; the acting role follows at once', async () => {
    const { owner, orgId } = await team();
    const editor = await member(orgId, owner, 'editor');
    const call = await t.factory.call();
    expect((await t.http.post('/api/Call/UpsertCallSubmission').set(editor.headers(orgId)).send({ callId: call.id })).status).toBe(200);
    const demoted = await t.http
      .put(`${base(orgId)}/members/${editor.id}`)
      .set(owner.headers())
      .send({ role: 'viewer' });
    expect(demoted.body.role).toBe('viewer');
    const other = await t.factory.call();
    const refused = await t.http.post('/api/Call/UpsertCallSubmission').set(editor.headers(orgId)).send({ callId: other.id });
    expect([refused.status, refused.body.key]).toEqual([409, 'errors.team.read-only']);
    expect((await t.http.delete(`${base(orgId)}/members/${editor.id}`).set(owner.headers())).status).toBe(204);
    expect((await t.http.get(`${base(orgId)}/members`).set(editor.headers())).status).toBe(404);
    expect((await t.http.get(`${base(orgId)}/members`).set(editor.headers(orgId))).status).toBe(403);
  });
});

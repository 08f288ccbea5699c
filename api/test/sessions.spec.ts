import { decodeJwt } from 'jose';
import request from 'supertest';
import { createTestApp, type TestApp } from './app.js';
import type { TestUser } from './factory.js';
import { browserSignIn, exchangeBody } from './identity-flow.js';

/**
 * Issue 13, finding 2: sessions that can end. Short access tokens naming their session,
 * refresh tokens that rotate with reuse detection, sign-out on the server seen by every
 * replica, and sessions listed and ended by their user and by administrators.
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.factory.user({ admin: true, email: `${t.factory.unique('admin')}@example.org` });
});
afterAll(() => t.close());

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const me = (token: string, app = t) => app.http.get('/api/User').set(bearer(token));
const refresh = (token: string) => t.http.post('/api/Jwt/refresh').send({ refresh_token: token });
const sidOf = (token: string) => decodeJwt(token).sid as string;
const sessionRow = async (id: string) =>
  (
    (await t.db.query('SELECT ended_at, end_reason, generation FROM user_session WHERE id = $1', [id])) as {
      ended_at: Date | null;
      end_reason: string | null;
      generation: number;
    }[]
  )[0];

/** A second sign-in of the same user (another device): a new session. */
async function anotherDevice(user: TestUser): Promise<{ token: string; refreshToken: string }> {
  const { SessionService } = await import('../src/modules/auth/sessions/session.service.js');
  const tokens = await t.app.get(SessionService).start(user.id, { userAgent: 'Mozilla/5.0 (Android) Phone', ip: '198.51.100.20' });
  return { token: tokens.token, refreshToken: tokens.refresh_token };
}

describe('refresh tokens rotate, and a reused one ends the session', () => {
  it('each refresh answers a new pair and retires the refresh token it was given', async () => {
    const user = await t.factory.user();
    const first = await refresh(user.refreshToken).expect(200);
    expect(first.body.refresh_token).not.toBe(user.refreshToken);
    expect(sidOf(first.body.token)).toBe(sidOf(user.token));
    await me(first.body.token).expect(200);
    const second = await refresh(first.body.refresh_token).expect(200);
    await me(second.body.token).expect(200);
    expect((await sessionRow(sidOf(user.token))).generation).toBe(2);
  });

  it('an old refresh token used again ends the whole session: every token of it stops working (OAuth 2.0 Security BCP)', async () => {
    const user = await t.factory.user();
    const sid = sidOf(user.token);
    const rotated = await refresh(user.refreshToken).expect(200);
    const again = await refresh(rotated.body.refresh_token).expect(200);
    // The token of two rotations ago: a stolen copy.
    const reused = await refresh(user.refreshToken).expect(401);
    expect(reused.body.key).toBe('errors.invalid-token');
    expect(await sessionRow(sid)).toMatchObject({ ended_at: expect.any(Date), end_reason: 'refresh-reuse' });
    await me(again.body.token).expect(401);
    await me(user.token).expect(401);
    await refresh(again.body.refresh_token).expect(401);
  });

  it('the refresh token just rotated is accepted again for a few seconds (a lost answer), not later', async () => {
    const user = await t.factory.user();
    const sid = sidOf(user.token);
    const lost = await refresh(user.refreshToken).expect(200);
    // The answer was lost: the app retries with the same token, and gets the same successor.
    const retried = await refresh(user.refreshToken).expect(200);
    expect(retried.body.refresh_token).toBe(lost.body.refresh_token);
    await me(retried.body.token).expect(200);
    // Long after its rotation, the previous token is a reuse.
    await t.db.query(`UPDATE user_session SET rotated_at = now() - interval '5 minutes' WHERE id = $1`, [sid]);
    const second = await refresh(retried.body.refresh_token).expect(200);
    await t.db.query(`UPDATE user_session SET rotated_at = now() - interval '5 minutes' WHERE id = $1`, [sid]);
    await refresh(retried.body.refresh_token).expect(401);
    expect((await sessionRow(sid)).end_reason).toBe('refresh-reuse');
    await me(second.body.token).expect(401);
  });

  it('two refreshes with the same token at once: both answered, never a 500', async () => {
    const user = await t.factory.user();
    const answers = await Promise.all([refresh(user.refreshToken), refresh(user.refreshToken)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200]);
  });
});

/**
 * One chain per session: a retry within the window gets the successor already issued, never a
 * second one, so a replayed token shares the owner's chain instead of starting its own; whoever
 * then falls behind presents a dead token, and the whole session ends.
 */
describe('a retried or replayed refresh token continues the same chain', () => {
  /** Moves the last rotation out of the retry window, as the minutes between renewals do. */
  const windowPassed = (sid: string) =>
    t.db.query(`UPDATE user_session SET rotated_at = now() - interval '5 minutes' WHERE id = $1`, [sid]);

  it('a replay within the window answers the successor already issued; the owner goes on, the replayer’s next refresh ends the session', async () => {
    const user = await t.factory.user();
    const sid = sidOf(user.token);
    const owner = await refresh(user.refreshToken).expect(200);
    const replay = await refresh(user.refreshToken).expect(200);
    expect(replay.body.refresh_token).toBe(owner.body.refresh_token);
    expect(decodeJwt(replay.body.refresh_token)).toMatchObject({ sid, gen: 1 });
    expect((await sessionRow(sid)).generation).toBe(1);
    await me(replay.body.token).expect(200);

    // The owner goes on: its chain is the only one.
    await windowPassed(sid);
    const next = await refresh(owner.body.refresh_token).expect(200);
    await windowPassed(sid);
    const after = await refresh(next.body.refresh_token).expect(200);
    await me(after.body.token).expect(200);

    // The replayer's next refresh, with the token its replay got: dead, the session ends.
    const reused = await refresh(replay.body.refresh_token).expect(401);
    expect(reused.body.key).toBe('errors.invalid-token');
    expect(await sessionRow(sid)).toMatchObject({ ended_at: expect.any(Date), end_reason: 'refresh-reuse' });
    await me(after.body.token).expect(401);
    await me(replay.body.token).expect(401);
    await refresh(after.body.refresh_token).expect(401);
  });

  it('when the replayer goes on first, the owner’s next refresh ends the session', async () => {
    const user = await t.factory.user();
    const sid = sidOf(user.token);
    const owner = await refresh(user.refreshToken).expect(200);
    const replay = await refresh(user.refreshToken).expect(200);
    await windowPassed(sid);
    const stolen = await refresh(replay.body.refresh_token).expect(200);
    await me(stolen.body.token).expect(200);
    await windowPassed(sid);
    await refresh(owner.body.refresh_token).expect(401);
    expect((await sessionRow(sid)).end_reason).toBe('refresh-reuse');
    await me(stolen.body.token).expect(401);
    await refresh(stolen.body.refresh_token).expect(401);
  });

  it('a retry of the token rotated last answers the same successor again; an older token is a reuse even within the window', async () => {
    const user = await t.factory.user();
    const sid = sidOf(user.token);
    const first = await refresh(user.refreshToken).expect(200);
    const second = await refresh(first.body.refresh_token).expect(200);
    const again = await refresh(first.body.refresh_token).expect(200);
    expect(again.body.refresh_token).toBe(second.body.refresh_token);
    // The sign-in's token is two rotations old.
    await refresh(user.refreshToken).expect(401);
    expect((await sessionRow(sid)).end_reason).toBe('refresh-reuse');
  });

  it('several refreshes with the same token at once (tabs of one browser) all get the same successor: one live chain', async () => {
    const user = await t.factory.user();
    const sid = sidOf(user.token);
    const answers = await Promise.all([refresh(user.refreshToken), refresh(user.refreshToken), refresh(user.refreshToken)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.refresh_token as string)).size).toBe(1);
    expect((await sessionRow(sid)).generation).toBe(1);
    for (const a of answers) await me(a.body.token).expect(200);

    // The tabs keep the one token they were given, and renew together again later.
    await windowPassed(sid);
    const later = await Promise.all([refresh(answers[0].body.refresh_token), refresh(answers[1].body.refresh_token)]);
    expect(later.map((a) => a.status)).toEqual([200, 200]);
    expect(later[0].body.refresh_token).toBe(later[1].body.refresh_token);
    expect(await sessionRow(sid)).toMatchObject({ ended_at: null, generation: 2 });
    await windowPassed(sid);
    await refresh(later[0].body.refresh_token).expect(200);
  });

  it('a retry that cannot get the same successor again (rotated before the session kept what signs it) is refused, and the session goes on', async () => {
    const user = await t.factory.user();
    const sid = sidOf(user.token);
    const rotated = await refresh(user.refreshToken).expect(200);
    await t.db.query('UPDATE user_session SET refresh_jti = NULL, refresh_issued_at = NULL WHERE id = $1', [sid]);
    await refresh(user.refreshToken).expect(401);
    expect((await sessionRow(sid)).ended_at).toBeNull();
    await refresh(rotated.body.refresh_token).expect(200);
  });

  it('the same on two replicas at once: both answer the same successor', async () => {
    const replica = await createTestApp();
    try {
      const user = await t.factory.user();
      const answers = await Promise.all([
        refresh(user.refreshToken),
        replica.http.post('/api/Jwt/refresh').send({ refresh_token: user.refreshToken }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(answers[0].body.refresh_token).toBe(answers[1].body.refresh_token);
      expect((await sessionRow(sidOf(user.token))).generation).toBe(1);
    } finally {
      await replica.close();
    }
  });

  it('a session past its 30 days is over, whatever its tokens say', async () => {
    const user = await t.factory.user();
    await t.db.query(`UPDATE user_session SET expires_at = now() - interval '1 second' WHERE id = $1`, [sidOf(user.token)]);
    // Evicted by the notification the update sends; give it a moment to arrive.
    await waitFor(async () => (await me(user.token)).status === 401);
    await refresh(user.refreshToken).expect(401);
  });
});

describe('sign-out', () => {
  it('ends the session on the server and answers the provider’s end-session URL with id_token_hint', async () => {
    const email = `${t.factory.unique('logout')}@applicant.test`;
    const signIn = await browserSignIn(t, { email, firstName: 'Lo', lastName: 'Gout' });
    const tokens = (await t.http.post('/api/Jwt/token-exchange').send(exchangeBody(signIn)).expect(200)).body as {
      token: string;
      refresh_token: string;
    };
    const [row] = await t.db.query('SELECT id_token FROM user_session WHERE id = $1', [sidOf(tokens.token)]);
    expect(row.id_token).toMatch(/^ey/);

    const out = await t.http.post('/api/Jwt/logout').set(bearer(tokens.token)).expect(200);
    const url = new URL(out.body.endSessionUrl as string);
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:3000/oidc/session/end');
    expect(url.searchParams.get('id_token_hint')).toBe(row.id_token);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe('http://127.0.0.1:3000/logout-callback');
    expect(url.searchParams.get('client_id')).toBe('impact-calls');
    expect(await sessionRow(sidOf(tokens.token))).toMatchObject({ ended_at: expect.any(Date), end_reason: 'logout' });
    await me(tokens.token).expect(401);
    await refresh(tokens.refresh_token).expect(401);
    // The provider takes the hint (no error page): it knows the session and the client.
    const provider = await request(t.app.getHttpServer()).get(url.pathname + url.search);
    expect(provider.status).toBe(200);
    expect(provider.text).not.toContain('id_token_hint');
  });

  it('reaches every replica at once: another API process refuses the token as soon as it is signed out', async () => {
    const replica = await createTestApp();
    try {
      const user = await t.factory.user();
      await me(user.token, replica).expect(200); // the replica now holds the session in its cache
      await me(user.token, replica).expect(200);
      await t.http.post('/api/Jwt/logout').set(bearer(user.token)).expect(200);
      const started = Date.now();
      await waitFor(async () => (await me(user.token, replica)).status === 401);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await replica.close();
    }
  });
});

describe('a user’s sessions', () => {
  it('are listed (this one marked) and ended one by one, or everywhere', async () => {
    const user = await t.factory.user();
    const phone = await anotherDevice(user);
    const tablet = await anotherDevice(user);
    const list = await t.http.get('/api/User/sessions').set(bearer(user.token)).expect(200);
    expect(list.body).toHaveLength(3);
    expect(list.body.filter((s: { current: boolean }) => s.current).map((s: { id: string }) => s.id)).toEqual([sidOf(user.token)]);
    expect(list.body.find((s: { id: string }) => s.id === sidOf(phone.token))).toMatchObject({
      userAgent: 'Mozilla/5.0 (Android) Phone',
      ip: '198.51.100.20',
    });

    await t.http
      .delete(`/api/User/sessions/${sidOf(phone.token)}`)
      .set(bearer(user.token))
      .expect(204);
    await me(phone.token).expect(401);
    await t.http.post('/api/Jwt/refresh').send({ refresh_token: phone.refreshToken }).expect(401);
    await me(user.token).expect(200);

    const others = await t.http.post('/api/User/sessions/end-all').set(bearer(user.token)).send({ keepCurrent: true }).expect(200);
    expect(others.body).toEqual({ ended: 1 });
    await me(tablet.token).expect(401);
    await me(user.token).expect(200);
    const all = await t.http.post('/api/User/sessions/end-all').set(bearer(user.token)).send({}).expect(200);
    expect(all.body).toEqual({ ended: 1 });
    await me(user.token).expect(401);
  });

  it('cannot be ended, nor seen, by another user: 404, and the session goes on', async () => {
    const a = await t.factory.user();
    const b = await t.factory.user();
    const res = await t.http
      .delete(`/api/User/sessions/${sidOf(a.token)}`)
      .set(bearer(b.token))
      .expect(404);
    expect(res.body.key).toBe('errors.session-not-found');
    const listed = await t.http.get('/api/User/sessions').set(bearer(b.token)).expect(200);
    expect(listed.body.map((s: { id: string }) => s.id)).not.toContain(sidOf(a.token));
    await t.http.post('/api/User/sessions/end-all').set(bearer(b.token)).send({ keepCurrent: true }).expect(200);
    await me(a.token).expect(200);
    // Nor through the console's endpoints, which are for administrators.
    await t.http
      .delete(`/api/admin/users/${a.id}/sessions/${sidOf(a.token)}`)
      .set(bearer(b.token))
      .expect(403);
    await t.http.post(`/api/admin/users/${a.id}/sessions/end-all`).set(bearer(b.token)).expect(403);
    await t.http.get(`/api/admin/users/${a.id}`).set(bearer(b.token)).expect(403);
    await t.http.get('/api/admin/users').set(bearer(b.token)).expect(403);
    await me(a.token).expect(200);
    expect((await sessionRow(sidOf(a.token))).ended_at).toBeNull();
  });

  it('are listed and ended by an administrator in the console', async () => {
    const user = await t.factory.user({ firstName: 'Sessionful' });
    const phone = await anotherDevice(user);
    const page = await t.http
      .get(`/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: user.email }))}`)
      .set(admin.headers())
      .expect(200);
    expect(page.headers['content-range']).toBe('users 0-0/1');
    expect(page.body[0]).toMatchObject({ id: user.id, email: user.email, activeSessions: 2, isAdmin: false });
    const detail = await t.http.get(`/api/admin/users/${user.id}`).set(admin.headers()).expect(200);
    expect(detail.body.sessions.map((s: { id: string }) => s.id).sort()).toEqual([sidOf(user.token), sidOf(phone.token)].sort());

    await t.http
      .delete(`/api/admin/users/${user.id}/sessions/${sidOf(phone.token)}`)
      .set(admin.headers())
      .expect(204);
    expect((await sessionRow(sidOf(phone.token))).end_reason).toBe('ended-by-admin');
    await me(phone.token).expect(401);
    // A session of another user, named under this one: 404.
    const other = await t.factory.user();
    await t.http
      .delete(`/api/admin/users/${user.id}/sessions/${sidOf(other.token)}`)
      .set(admin.headers())
      .expect(404);
    await me(other.token).expect(200);

    const all = await t.http.post(`/api/admin/users/${user.id}/sessions/end-all`).set(admin.headers()).expect(200);
    expect(all.body).toEqual({ ended: 1 });
    await me(user.token).expect(401);
    await t.http.get('/api/admin/users/00000000-0000-4000-8000-000000000000').set(admin.headers()).expect(404);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not within the time allowed');
    await new Promise((r) => setTimeout(r, 20));
  }
}

// Issue 3: the sign-in round trip through the embedded provider (target: under 300 ms on
// this machine). Each sign-in does what a browser does, with plain fetch and a cookie jar
// of its own (a fresh browser, so no provider session): the login configuration, the
// authorize URL the applicant app builds (state, nonce, PKCE S256, ui_locales), the sign-in
// page, the form post, the redirects back to /login-callback?code=..., then
// POST /api/Jwt/token-exchange. Sequential: 30 new users, then the same 30 signing in again.
// Static files (the app's bundle, served from cache in a browser) are left out.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

export const name = 'signin';

const USERS = Number(process.env.BENCH_SIGNIN_USERS ?? 30);
const WARMUP = 3;

const base64Url = (bytes) => Buffer.from(bytes).toString('base64url');

/** Cookies as a browser keeps them: by name and path, sent to the paths under theirs. */
class CookieJar {
  cookies = new Map();

  take(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const cookie = { name: pair.slice(0, eq), value: pair.slice(eq + 1), path: '/' };
      let expired = false;
      for (const a of attributes) {
        const [k, v = ''] = a.split('=');
        const key = k.toLowerCase();
        if (key === 'path') cookie.path = v;
        if (key === 'max-age' && Number(v) <= 0) expired = true;
        if (key === 'expires' && Date.parse(v) <= Date.now()) expired = true;
      }
      const id = `${cookie.path} ${cookie.name}`;
      if (expired) this.cookies.delete(id);
      else this.cookies.set(id, cookie);
    }
  }

  header(url) {
    const path = new URL(url).pathname;
    return [...this.cookies.values()]
      .filter((c) => path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
}

/**
 * One sign-in, timed from the click on Login to the product's tokens. `ip` is the user's
 * address (X-Forwarded-For, trusted from loopback): the sign-in limits count per address,
 * and 60 sign-ins in a minute from one address would be throttled, as they should be.
 */
async function signIn(baseUrl, person, ip) {
  const jar = new CookieJar();
  const headers = { 'x-forwarded-for': ip };
  const request = async (url, init = {}) => {
    const cookie = jar.header(url);
    const res = await fetch(url, { redirect: 'manual', ...init, headers: { ...headers, ...(cookie ? { cookie } : {}), ...init.headers } });
    jar.take(res);
    return res;
  };
  const expect = async (res, status, step) => {
    if (res.status !== status) throw new Error(`${step}: HTTP ${res.status} (expected ${status}): ${(await res.text()).slice(0, 300)}`);
  };

  const steps = {};
  let mark = performance.now();
  const started = mark;
  const lap = (step) => {
    const now = performance.now();
    steps[step] = now - mark;
    mark = now;
  };
  // The applicant app: login configuration, then the authorize URL (applicant-ui/src/auth/signIn.ts).
  let res = await request(`${baseUrl}/api/Jwt/login-config`);
  await expect(res, 200, 'login-config');
  const config = await res.json();
  lap('login-config');
  const state = base64Url(randomBytes(32));
  const nonce = base64Url(randomBytes(32));
  const codeVerifier = base64Url(randomBytes(32));
  const authorize = new URL(config.authorizationEndpoint);
  for (const [k, v] of Object.entries({
    client_id: config.clientId,
    response_type: 'code',
    redirect_uri: config.redirectUri,
    scope: config.scope,
    state,
    nonce,
    code_challenge: base64Url(createHash('sha256').update(codeVerifier).digest()),
    code_challenge_method: 'S256',
    ui_locales: 'it',
  })) {
    authorize.searchParams.set(k, v);
  }

  // The provider: authorize -> its sign-in page -> the form -> back to /login-callback.
  res = await request(authorize.href);
  await expect(res, 303, 'authorize');
  lap('authorize');
  const pageUrl = new URL(res.headers.get('location'), authorize).href;
  res = await request(pageUrl);
  await expect(res, 200, 'sign-in page');
  const action = /<form method="post" action="([^"]+\/login)"/.exec(await res.text())?.[1];
  if (!action) throw new Error('sign-in page: no sign-in form');
  lap('sign-in page');
  const form = new URLSearchParams({ email: person.email, firstName: person.firstName, lastName: person.lastName });
  let url = new URL(action, pageUrl).href;
  res = await request(url, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  lap('form post');
  let hops = 0;
  while (res.status >= 300 && res.status < 400) {
    url = new URL(res.headers.get('location'), url).href;
    if (url.startsWith(config.redirectUri)) break;
    if (++hops > 5) throw new Error('too many redirects');
    res = await request(url);
  }
  const callback = new URL(url);
  if (!url.startsWith(config.redirectUri) || !callback.searchParams.get('code')) {
    throw new Error(`the provider did not return to /login-callback with a code: ${url} (HTTP ${res.status})`);
  }
  if (callback.searchParams.get('state') !== state) throw new Error('the provider returned another state');
  lap('redirects to /login-callback');

  // /login-callback: the app posts the code with its verifier (applicant-ui completeSignIn).
  res = await request(`${baseUrl}/api/Jwt/token-exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      code: callback.searchParams.get('code'),
      redirectUri: config.redirectUri,
      codeVerifier,
      nonce,
      state,
      ...(callback.searchParams.get('iss') ? { iss: callback.searchParams.get('iss') } : {}),
    }),
  });
  await expect(res, 200, 'token-exchange');
  const tokens = await res.json();
  lap('token-exchange');
  if (!tokens.token || !tokens.refresh_token) throw new Error('token-exchange: no tokens');
  return { total: mark - started, steps, token: tokens.token };
}

/** CPU time of a process so far (user + system), in ms; undefined where /proc is missing. */
function cpuMs(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * 10; // clock ticks of 1/100 s
  } catch {
    return undefined;
  }
}

const round = (v) => Math.round(v * 10) / 10;

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { n: sorted.length, median: round(at(0.5)), p95: round(at(0.95)), max: round(sorted.at(-1)), min: round(sorted[0]) };
}

export async function run({ product }) {
  const stamp = Date.now().toString(36);
  const people = Array.from({ length: USERS }, (_, i) => ({
    email: `bench-signin-${stamp}-${i}@bench.test`,
    firstName: 'Bench',
    lastName: `User ${i}`,
  }));
  const ip = (i, round_) => `10.${round_}.${Math.floor(i / 250)}.${(i % 250) + 1}`;

  // A few sign-ins first (JIT, connection pool, the provider's first discovery), not counted.
  for (let i = 0; i < WARMUP; i++) {
    await signIn(product.url, { email: `bench-warmup-${stamp}-${i}@bench.test`, firstName: 'Warm', lastName: 'Up' }, ip(i, 9));
  }

  const out = {};
  for (const [label, round_] of [
    ['new users', 1],
    ['returning users', 2],
  ]) {
    const runs = [];
    const cpuBefore = cpuMs(product.pid);
    for (let i = 0; i < people.length; i++) runs.push(await signIn(product.url, people[i], ip(i, round_)));
    const cpuAfter = cpuMs(product.pid);
    // The token is the product's, for that user.
    const me = await fetch(`${product.url}/api/User`, { headers: { authorization: `Bearer ${runs[0].token}` } });
    const user = await me.json();
    if (me.status !== 200 || user.email !== people[0].email)
      throw new Error(`GET /api/User with the new token: ${me.status} ${JSON.stringify(user)}`);
    out[`sign-in round trip, ${label} (ms)`] = summary(runs.map((r) => r.total));
    // Where the time goes: the median of each request of the round trip.
    // The product's CPU time per sign-in: unlike the latencies, it hardly moves when other work shares the machine.
    if (cpuBefore !== undefined && cpuAfter !== undefined)
      out[`${label}, product CPU per sign-in (ms)`] = round((cpuAfter - cpuBefore) / runs.length);
    out[`${label}, median per step (ms)`] = Object.fromEntries(
      Object.keys(runs[0].steps).map((k) => [k, summary(runs.map((r) => r.steps[k])).median]),
    );
  }
  out.target = 'round trip under 300 ms (issue 3)';
  return out;
}

/**
 * Issue 19, operations: liveness and readiness apart, a graceful shutdown that finishes the
 * requests in flight and refuses new ones, and /api/metrics for a scraper only.
 */
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { createTestApp, type TestApp } from './app.js';
import { drainAndClose, Traffic } from '../src/common/lifecycle/traffic.js';
import { loadSettings, SettingError } from '../src/config/settings.js';

/** A raw HTTP/1.1 exchange: sends `head` at once, `rest` only when told; resolves with the whole answer. */
function slowRequest(port: number, head: string) {
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  const done = new Promise<string>((resolve, reject) => {
    socket.on('data', (c) => (answer += c.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
  socket.write(head);
  return { send: (rest: string) => socket.write(rest), done };
}

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

describe('operations (issue 19)', () => {
  it('TRUST_PROXY takes named ranges and networks, and refuses anything else by name', () => {
    expect(loadSettings({ TRUST_PROXY: 'loopback, uniquelocal, 10.0.0.0/8' }).trustProxy).toEqual([
      'loopback',
      'uniquelocal',
      '10.0.0.0/8',
    ]);
    expect(loadSettings({}).trustProxy).toEqual(['loopback']);
    expect(() => loadSettings({ TRUST_PROXY: 'everyone' })).toThrow(SettingError);
    expect(() => loadSettings({ METRICS_NETWORKS: '10.0.0.0/99' })).toThrow(/METRICS_NETWORKS/);
  });

  it('CACHES_OFF names caches, and refuses a name that is none', () => {
    expect(loadSettings({ CACHES_OFF: 'call, portfolio,gzip-recent' }).cachesOff).toEqual(['call', 'portfolio', 'gzip-recent']);
    expect(loadSettings({}).cachesOff).toEqual([]);
    expect(() => loadSettings({ CACHES_OFF: 'call,everything' })).toThrow(/CACHES_OFF.*everything/);
  });

  describe('graceful shutdown', () => {
    let t: TestApp;
    let server: Server;
    let port: number;
    beforeAll(async () => {
      t = await createTestApp();
      await t.app.listen(0, '127.0.0.1');
      server = t.app.getHttpServer() as Server;
      port = (server.address() as { port: number }).port;
    });
    afterAll(async () => {
      await t.close().catch(() => undefined);
    });

    it('answers not-ready at once, finishes the request in flight, then refuses new connections', async () => {
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
      // A request whose body is still on its way when SIGTERM comes (an upload, a slow client).
      const body = JSON.stringify({ name: 'x'.repeat(50) });
      const inFlight = slowRequest(
        port,
        `POST /api/Organization/CreateOrganization HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
      );
      const traffic = t.app.get(Traffic);
      while (traffic.requestsInFlight === 0) await new Promise((r) => setTimeout(r, 10));

      const shutdown = drainAndClose(server, traffic, { drainMs: 800, timeoutMs: 10_000 });
      const ready = await fetch(`${base}/api/health/ready`, { headers: { Connection: 'close' } });
      expect(ready.status).toBe(503);
      // Answers while draining ask keep-alive clients to reconnect (to another replica).
      expect(ready.headers.get('connection')).toBe('close');
      expect(await ready.json()).toMatchObject({ status: 'error', error: { shutdown: { status: 'down' } } });
      const live = await fetch(`${base}/api/health/live`, { headers: { Connection: 'close' } });
      expect(live.status).toBe(200);

      await new Promise((r) => setTimeout(r, 1200));
      expect(await canConnect(port)).toBe(false);
      // The request in flight still gets its whole answer (401: no token), then its connection is closed.
      inFlight.send(body.slice(10));
      expect(await inFlight.done).toMatch(/^HTTP\/1\.1 401 /);
      expect(await shutdown).toEqual({ finished: true, cutOff: 0 });
    }, 30_000);
  });

  it('cuts off a request that outlives the bound', async () => {
    const t = await createTestApp();
    try {
      await t.app.listen(0, '127.0.0.1');
      const server = t.app.getHttpServer() as Server;
      const port = (server.address() as { port: number }).port;
      const stuck = slowRequest(
        port,
        `POST /api/Organization/CreateOrganization HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
      );
      const traffic = t.app.get(Traffic);
      while (traffic.requestsInFlight === 0) await new Promise((r) => setTimeout(r, 10));
      const started = Date.now();
      expect(await drainAndClose(server, traffic, { drainMs: 0, timeoutMs: 500 })).toEqual({ finished: false, cutOff: 1 });
      expect(Date.now() - started).toBeLessThan(5000);
      await stuck.done;
    } finally {
      await t.close().catch(() => undefined);
    }
  }, 30_000);

  describe('GET /api/metrics', () => {
    let t: TestApp;
    afterEach(async () => t?.close());

    it('from loopback (the default network): Prometheus text with requests per route pattern, the pool, the queue, the caches, event-loop lag', async () => {
      t = await createTestApp();
      const admin = await t.factory.user({ admin: true });
      await t.http.get('/api/Organization/GetOrganizations').set(admin.headers()).expect(200);
      await t.http.get('/api/Organization/GetOrganizationById').query({ id: '00000000-0000-4000-8000-000000000000' }).set(admin.headers());
      const res = await t.http.get('/api/metrics').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      const text = res.text;
      expect(text).toMatch(
        /http_request_duration_seconds_count\{method="GET",route="\/api\/Organization\/GetOrganizations",status="200"\} 1/,
      );
      // Ids never become labels: the route's pattern does.
      expect(text).not.toContain('00000000-0000-4000');
      expect(text).toMatch(/db_pool_connections\{state="in_use"\} \d+/);
      expect(text).toMatch(/messages_queue\{state="queued"\} \d+/);
      expect(text).toMatch(/pdf_renderer\{state="queued"\} 0/);
      expect(text).toMatch(/cache_(hits|misses)_total\{cache="session"\} \d+/);
      expect(text).toContain('nodejs_eventloop_lag_seconds');
      expect(text).toMatch(/http_requests_in_flight \d+/);
    }, 60_000);

    it('refuses anyone else (403 errors.metrics-forbidden); METRICS_TOKEN lets a scraper in from anywhere', async () => {
      t = await createTestApp({ METRICS_NETWORKS: '10.99.0.0/16', METRICS_TOKEN: 'scrape-me-0123456789' });
      const refused = await t.http.get('/api/metrics').expect(403);
      expect(refused.body.key).toBe('errors.metrics-forbidden');
      // A user's token, even an administrator's, is not the scraper's.
      const admin = await t.factory.user({ admin: true });
      await t.http.get('/api/metrics').set(admin.headers()).expect(403);
      await t.http.get('/api/metrics').set('Authorization', 'Bearer scrape-me-012345678X').expect(403);
      const ok = await t.http.get('/api/metrics').set('Authorization', 'Bearer scrape-me-0123456789').expect(200);
      expect(ok.text).toContain('http_request_duration_seconds_bucket');
    }, 60_000);

    it("behind a trusted proxy, the forwarded client address decides, not the proxy's", async () => {
      t = await createTestApp();
      // The test's requests come from loopback: a proxy there forwarding an outside client.
      const refused = await t.http.get('/api/metrics').set('X-Forwarded-For', '203.0.113.5').expect(403);
      expect(refused.body.key).toBe('errors.metrics-forbidden');
      await t.http.get('/api/metrics').set('X-Forwarded-For', '127.0.0.1').expect(200);
    }, 60_000);
  });
});

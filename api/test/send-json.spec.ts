import Fastify from 'fastify';
import { gunzipSync } from 'node:zlib';
import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { acceptsGzip, compressJson, GZIP_FROM_BYTES, jsonDocument, sendJson } from '../src/common/http/send-json.js';

/** sendJson and compressJson on a bare Fastify app: the encodings, their ETags and 304s. */
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i, name: `Indicator ${i}`, value: i * 1.5 }));
const big = jsonDocument(JSON.stringify(rows(200)));
const small = jsonDocument('{"ok":true}');
const app = Fastify();
app.addHook('onSend', compressJson);
app.get('/big', (_req, reply) => sendJson(reply, big));
app.get('/small', (_req, reply) => sendJson(reply, small));
// Answers made per request (what Nest's return values become), small, large and very large (compressed off the event loop).
app.get<{ Params: { n: string } }>('/json/:n', (req) => rows(Number(req.params.n)));
app.get('/text', (_req, reply) => reply.type('text/plain').send('x'.repeat(5000)));

let port: number;
beforeAll(async () => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => app.close());

/** The status, headers and bytes as sent (node:http: no client unzips them). */
function raw(path: string, accept: string, ifNoneMatch?: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'Accept-Encoding': accept, ...(ifNoneMatch ? { 'If-None-Match': ifNoneMatch } : {}) };
    get({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('sendJson', () => {
  it('sends the bytes as they are, with their ETag, to a client that does not take gzip', async () => {
    const res = await raw('/big', 'identity');
    expect(big.body.length).toBeGreaterThanOrEqual(GZIP_FROM_BYTES);
    expect([res.status, res.body.equals(big.body)]).toEqual([200, true]);
    expect([res.headers['content-encoding'], res.headers.etag, res.headers.vary]).toEqual([undefined, big.etag, 'Accept-Encoding']);
    expect((await raw('/big', 'identity', big.etag)).status).toBe(304);
  });

  it('gzips once for a client that takes it, with an ETag of its own and 304 on it', async () => {
    const first = await raw('/big', 'gzip, deflate, br, zstd');
    expect([first.status, first.headers['content-encoding']]).toEqual([200, 'gzip']);
    expect(gunzipSync(first.body).equals(big.body)).toBe(true);
    expect(first.body.length).toBeLessThan(big.body.length / 2);
    expect(first.headers.etag).not.toBe(big.etag);
    const again = await raw('/big', 'gzip');
    expect([again.headers.etag, again.body.equals(first.body)]).toEqual([first.headers.etag, true]);
    expect((await raw('/big', 'gzip', first.headers.etag)).status).toBe(304);
    // The other form's ETag does not match this one.
    expect((await raw('/big', 'gzip', big.etag)).status).toBe(200);
  });

  it('leaves small answers uncompressed', async () => {
    const res = await raw('/small', 'gzip');
    expect([res.status, res.headers['content-encoding'], res.headers.vary, res.body.toString()]).toEqual([
      200,
      undefined,
      undefined,
      '{"ok":true}',
    ]);
  });

  it('gzips every JSON answer above the size, not only documents, and leaves other answers alone', async () => {
    for (const n of [200, 5000]) {
      const plain = await raw(`/json/${n}`, 'identity');
      const zipped = await raw(`/json/${n}`, 'gzip, br');
      expect([plain.headers['content-encoding'], zipped.headers['content-encoding'], zipped.headers.vary]).toEqual([
        undefined,
        'gzip',
        'Accept-Encoding',
      ]);
      expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(gunzipSync(zipped.body).toString())).toEqual(rows(n));
      expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
      expect(zipped.body.length).toBeLessThan(plain.body.length / 3);
      expect((await raw(`/json/${n}`, 'gzip', zipped.headers.etag)).status).toBe(304);
    }
    expect((await raw('/json/2', 'gzip')).headers['content-encoding']).toBeUndefined();
    expect((await raw('/text', 'gzip')).headers['content-encoding']).toBeUndefined();
  });

  it('sends a GET answer made again the same way (the same gzip form and ETag), and another answer with another ETag', async () => {
    const first = await raw('/json/150', 'gzip');
    const again = await raw('/json/150', 'gzip');
    const other = await raw('/json/151', 'gzip');
    expect([again.headers.etag, again.body.equals(first.body)]).toEqual([first.headers.etag, true]);
    expect(JSON.parse(gunzipSync(again.body).toString())).toEqual(rows(150));
    expect(other.headers.etag).not.toBe(first.headers.etag);
    expect(JSON.parse(gunzipSync(other.body).toString())).toEqual(rows(151));
  });

  it('reads Accept-Encoding with its q-values', () => {
    for (const yes of ['gzip', 'GZIP', 'br, gzip;q=0.8', '*', 'deflate, gzip; q=1', 'gzip;q=0.001', 'gzip, *;q=0'])
      expect([yes, acceptsGzip(yes)]).toEqual([yes, true]);
    for (const no of [undefined, '', 'br', 'identity', 'gzip;q=0', 'gzip; q=0.0', 'x-gzip', '*, gzip;q=0'])
      expect([no, acceptsGzip(no)]).toEqual([no, false]);
  });
});

/**
 * Compression and ETags by @fastify/compress and @fastify/etag (docs/decisions/compression.md),
 * read over a real socket (node:http: no client unzips or revalidates): gzip when the client takes
 * it and none otherwise, the same ETag and 304 either way, and downloads sent as their bytes.
 */
import { jest } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough, Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from './app.js';
import { createScratchDatabase } from './database.js';
import { filledSubmission, type FilledSubmission } from './documents-fixtures.js';
import { testFiles, type TestUser } from './factory.js';
import { COMPRESS_FROM_BYTES, gzipRecent, installCompression } from '../src/common/http/compression.js';
import { jsonBody, jsonDocument, streamedAnswer } from '../src/common/http/send-json.js';

jest.setTimeout(180_000);

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** GET on `port` over a socket of its own; the status, headers and bytes as sent. */
function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };
const vary = (a: Answer) => String(a.headers.vary ?? '').toLowerCase();

// The configuration is global (one active at a time): the product runs on a scratch database.
describe('on the product', () => {
  let t: TestApp;
  let drop: () => Promise<void>;
  let port: number;
  let admin: TestUser;
  let full: FilledSubmission;
  const downloads: { type: string; bytes: Buffer; id: string }[] = [];
  let uploader: Record<string, string>;
  // Mostly spaces and zeros: they would shrink a lot if they were compressed.
  const files = [
    { type: 'application/pdf', bytes: testFiles.pdf(1000), name: 'plan.pdf', slot: '0' },
    { type: 'image/png', bytes: testFiles.png(300_000), name: 'logo.png', slot: '1' },
  ];

  beforeAll(async () => {
    const db = await createScratchDatabase('ic_compression');
    drop = db.drop;
    t = await createTestApp({}, db.url);
    const server = t.app.getHttpServer();
    if (!server.listening) await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    port = (server.address() as AddressInfo).port;
    admin = await t.factory.user({ admin: true, email: 'brand@example.org' });
    // An active configuration of a few KB, as a real one with its texts.
    const config = await t.http
      .post('/api/Config/UpsertConfig')
      .set(admin.headers())
      .send({ name: 'Compression', message: `<p>${'Welcome to the calls of the foundation. '.repeat(60)}</p>` })
      .expect(200);
    await t.http
      .post(`/api/Config/ActivateConfig?id=${(config.body as { id: string }).id}`)
      .set(admin.headers())
      .expect(200);
    full = await filledSubmission(t, { indicators: 1 });
    // More open calls on the applicant's list: a page over the threshold.
    for (let i = 0; i < 3; i++)
      await t.factory.call({ name: `Compression ${i}`, description: `<p>${'A call for projects. '.repeat(30)}</p>` });
    const a = await t.factory.applicant(full.callId);
    uploader = a.h;
    for (const f of files) {
      const uploaded = await t.http
        .post('/api/FileUpload/UploadFile')
        .set(a.h)
        .field('CallSubmissionId', a.submissionId)
        .field('StepId', full.stepIds.upload)
        .field('SlotIndex', f.slot)
        .attach('File', f.bytes, f.name)
        .expect(200);
      downloads.push({ type: f.type, bytes: f.bytes, id: (uploaded.body as { fileDownloadId: string }).fileDownloadId });
    }
  });
  afterAll(async () => {
    await t.close();
    await drop();
  });

  it('gzips GetConfig for a client that takes gzip, and sends it as it is to one that does not', async () => {
    const plain = await get(port, '/api/Config/GetConfig');
    const identity = await get(port, '/api/Config/GetConfig', { 'Accept-Encoding': 'identity' });
    const zipped = await get(port, '/api/Config/GetConfig', BROWSER);
    expect(plain.body.length).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);
    expect([plain.status, plain.headers['content-encoding'], identity.headers['content-encoding']]).toEqual([200, undefined, undefined]);
    expect(identity.body.equals(plain.body)).toBe(true);
    expect([zipped.status, zipped.headers['content-encoding'], zipped.headers['content-type']]).toEqual([
      200,
      'gzip',
      'application/json; charset=utf-8',
    ]);
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(zipped.body.length).toBeLessThan(plain.body.length);
    // The headers of the route stay, and the answer says it varies with both headers.
    expect(zipped.headers['cache-control']).toBe('no-cache');
    expect(vary(zipped)).toContain('accept-encoding');
    expect(vary(zipped)).toContain('accept-language');
    // One ETag for both forms: weak, as they are the same JSON.
    expect(zipped.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(plain.headers.etag).toBe(zipped.headers.etag);
  });

  it('answers 304, without a body, to a client that has the answer, whatever encoding it takes', async () => {
    const { etag } = (await get(port, '/api/Config/GetConfig', BROWSER)).headers;
    for (const headers of [{ ...BROWSER, 'If-None-Match': etag! }, { 'If-None-Match': etag! }]) {
      const res = await get(port, '/api/Config/GetConfig', headers);
      expect([res.status, res.body.length, res.headers['content-encoding'], res.headers.etag]).toEqual([304, 0, undefined, etag]);
    }
    expect((await get(port, '/api/Config/GetConfig', { ...BROWSER, 'If-None-Match': 'W/"other"' })).status).toBe(200);
  });

  it("gzips Nest's return values too, with an ETag of their bytes and 304 on it", async () => {
    const path = '/api/Call/GetCallListUser?offset=0&limit=20';
    const h = full.h;
    const plain = await get(port, path, h);
    const zipped = await get(port, path, { ...h, ...BROWSER });
    expect(plain.body.length).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);
    expect([plain.status, plain.headers['content-encoding'], zipped.status, zipped.headers['content-encoding']]).toEqual([
      200,
      undefined,
      200,
      'gzip',
    ]);
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    expect((await get(port, path, { ...h, ...BROWSER, 'If-None-Match': zipped.headers.etag! })).status).toBe(304);
  });

  it('gzips a list page and keeps its Content-Range, which counts rows, not bytes', async () => {
    const plain = await get(port, '/api/admin/message-templates', admin.headers());
    const zipped = await get(port, '/api/admin/message-templates', { ...admin.headers(), ...BROWSER });
    expect(plain.body.length).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);
    expect(plain.headers['content-range']).toMatch(/^message-templates 0-\d+\/\d+$/);
    expect([zipped.status, zipped.headers['content-encoding'], zipped.headers['content-range']]).toEqual([
      200,
      'gzip',
      plain.headers['content-range'],
    ]);
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    const page = await get(port, '/api/admin/submissions?range=[0,9]', { ...admin.headers(), ...BROWSER });
    expect(page.status).toBe(200);
    expect(page.headers['content-range']).toMatch(/^submissions 0-\d+\/\d+$/);
  });

  it('leaves answers under the threshold as they are', async () => {
    const res = await get(port, '/api/health/live', BROWSER);
    expect([res.status, res.headers['content-encoding']]).toEqual([200, undefined]);
    expect(res.body.length).toBeLessThan(COMPRESS_FROM_BYTES);
  });

  it('sends a stored PDF and image as their bytes, not compressed, with their length', async () => {
    for (const d of downloads) {
      const res = await get(port, `/api/FileUpload/GetFile?downloadId=${d.id}`, { ...uploader, ...BROWSER });
      expect([res.status, res.headers['content-type'], res.headers['content-encoding']]).toEqual([200, d.type, undefined]);
      expect(res.headers['content-length']).toBe(String(d.bytes.length));
      expect(res.body.equals(d.bytes)).toBe(true);
    }
  });

  it('streams the ZIP and .xlsx exports as they are made, not compressed again', async () => {
    const filter = encodeURIComponent(JSON.stringify({ callId: full.callId }));
    for (const [path, type] of [
      [`/api/admin/submissions/${full.submissionId}/dossier`, 'application/zip'],
      [`/api/admin/exports/submissions/xlsx?filter=${filter}`, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ]) {
      const res = await get(port, path, { ...admin.headers(), ...BROWSER });
      expect({ path, status: res.status, type: res.headers['content-type'], encoding: res.headers['content-encoding'] }).toEqual({
        path,
        status: 200,
        type,
        encoding: undefined,
      });
      // A ZIP (an .xlsx is one) from its first bytes to its end-of-central-directory record.
      expect(res.body.subarray(0, 2).toString()).toBe('PK');
      expect(res.body.includes(Buffer.from([0x50, 0x4b, 0x05, 0x06]))).toBe(true);
    }
  });
});

describe('the plugins as installed, on a bare Fastify app', () => {
  const app: FastifyInstance = Fastify();
  let port: number;
  const big = jsonDocument(JSON.stringify(Array.from({ length: 3000 }, (_, i) => ({ id: i, name: `Indicator ${i}` }))));

  beforeAll(async () => {
    await installCompression(app);
    app.get('/document', (_req, reply) => jsonBody(reply, big));
    // Server-Sent Events: each event goes out as it is written, nothing waits for the end.
    app.get('/events', (_req, reply) => {
      const events = new PassThrough();
      events.write('data: first\n\n' + ' '.repeat(4000) + '\n');
      setTimeout(() => events.end('data: last\n\n'), 1000);
      return reply.type('text/event-stream').send(events);
    });
    // A stream of an already compressed type.
    app.get('/zip', (_req, reply) =>
      reply
        .type('application/zip')
        .send(Readable.from([Buffer.from('PK\x03\x04'), Buffer.alloc(100_000, 0x20), Buffer.from('PK\x05\x06')])),
    );
    // Written to the raw response (as the exports are): the plugins' hooks do not run for it.
    app.get('/raw', (_req, reply) => {
      const raw = streamedAnswer(reply);
      reply.hijack();
      raw.writeHead(200, { 'Content-Type': 'text/csv' });
      raw.end('a,b\n'.repeat(2000));
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  it('gzips a large document through the stream path, with its own ETag, and 304 on it', async () => {
    expect(big.body.length).toBeGreaterThan(64 * 1024);
    const res = await get(port, '/document', BROWSER);
    expect([res.status, res.headers['content-encoding'], res.headers.etag]).toEqual([200, 'gzip', big.etag]);
    expect(gunzipSync(res.body).equals(big.body)).toBe(true);
    expect((await get(port, '/document', { ...BROWSER, 'If-None-Match': big.etag })).status).toBe(304);
    const plain = await get(port, '/document', { 'Accept-Encoding': 'br' });
    expect([plain.headers['content-encoding'], plain.body.equals(big.body)]).toEqual([undefined, true]);
  });

  it('neither compresses nor holds back Server-Sent Events', async () => {
    const first = await new Promise<{ encoding: string | undefined; chunk: string; ms: number }>((resolve, reject) => {
      const started = Date.now();
      const req = httpRequest({ host: '127.0.0.1', port, path: '/events', headers: BROWSER, agent: false }, (res) => {
        res.once('data', (c: Buffer) => {
          resolve({ encoding: res.headers['content-encoding'], chunk: c.toString(), ms: Date.now() - started });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.end();
    });
    expect(first.encoding).toBeUndefined();
    expect(first.chunk.startsWith('data: first')).toBe(true);
    expect(first.ms).toBeLessThan(900);
  });

  it('leaves a ZIP stream and an answer written to the raw response as they are', async () => {
    const zip = await get(port, '/zip', BROWSER);
    expect([zip.headers['content-encoding'], zip.body.length]).toEqual([undefined, 100_008]);
    const raw = await get(port, '/raw', BROWSER);
    expect([raw.headers['content-encoding'], raw.body.toString()]).toEqual([undefined, 'a,b\n'.repeat(2000)]);
  });
});

describe('gzipRecent', () => {
  it('compresses an answer sent again once, and another answer anew', () => {
    const a = Buffer.from(JSON.stringify({ list: 'a'.repeat(3000) }));
    const first = gzipRecent(a, { level: 1 });
    expect(gunzipSync(first).equals(a)).toBe(true);
    expect(gzipRecent(Buffer.from(a), { level: 1 })).toBe(first);
    const b = Buffer.from(JSON.stringify({ list: 'b'.repeat(3000) }));
    expect(gunzipSync(gzipRecent(b, { level: 1 })).equals(b)).toBe(true);
  });
});

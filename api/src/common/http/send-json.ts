import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { constants, gzip, gzipSync } from 'node:zlib';

/** A JSON answer serialized once (built by PostgreSQL or cached), with a strong ETag of its bytes. */
export interface JsonDocument {
  body: Buffer;
  etag: string;
}

/** The documents by their bytes: what `compressJson` recognizes to reuse a document's gzip form. */
const documents = new WeakMap<Buffer, JsonDocument>();

export function jsonDocument(json: string): JsonDocument {
  const body = Buffer.from(json);
  const doc = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
  documents.set(body, doc);
  return doc;
}

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
export const GZIP_FROM_BYTES = 1024;
/** Larger answers are compressed on libuv's thread pool, not on the event loop. */
const GZIP_ASYNC_FROM_BYTES = 64 * 1024;
/** Level 1, as web servers default to: nearly the size of level 6 at two thirds of the time. */
const GZIP_OPTIONS = { level: constants.Z_BEST_SPEED };

/** A document's gzip form, made the first time a client that accepts gzip gets it (cached documents: once). */
const gzipped = new WeakMap<JsonDocument, { body: Buffer; etag: string }>();

function gzipOf(doc: JsonDocument): { body: Buffer; etag: string } {
  let gz = gzipped.get(doc);
  if (!gz) {
    // A strong ETag names one encoding's bytes, so the gzip form has its own.
    gz = { body: gzipSync(doc.body, GZIP_OPTIONS), etag: `${doc.etag.slice(0, -1)}-gz"` };
    gzipped.set(doc, gz);
  }
  return gz;
}

/**
 * The gzip forms of recent GET answers, by the SHA-256 of their bytes (most recently sent last):
 * an answer sent again (the same page of a list to many applicants, a screen polled) is not
 * compressed again. Answers under GZIP_ASYNC_FROM_BYTES only: at most that much each.
 */
const recentGzip = new Map<string, Buffer>();
const RECENT_GZIP_MAX = 128;

/** The gzip form of a GET's answer and its weak ETag (the hash of the bytes it encodes, the gzip form's length). */
function gzipOfAnswer(payload: string | Buffer): { body: Buffer; etag: string } {
  const hash = createHash('sha256').update(payload).digest('base64url');
  let gz = recentGzip.get(hash);
  if (gz) recentGzip.delete(hash);
  else {
    gz = gzipSync(payload, GZIP_OPTIONS);
    if (recentGzip.size >= RECENT_GZIP_MAX) recentGzip.delete(recentGzip.keys().next().value!);
  }
  recentGzip.set(hash, gz);
  return { body: gz, etag: `W/"${gz.length.toString(16)}-${hash.slice(0, 27)}"` };
}

/** Whether Accept-Encoding allows gzip: listed without q=0, or else allowed by `*`. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [coding, ...params] = part.split(';');
    const weight = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    q.set(coding.trim().toLowerCase(), weight === undefined ? 1 : Number(weight.slice(2)));
  }
  return (q.get('gzip') ?? q.get('*') ?? 0) > 0;
}

/**
 * Sends a JsonDocument as its bytes, skipping JSON serialization; `compressJson` gives it its
 * ETag (or its gzip form's) and answers 304 to a client that has it. The route still declares its
 * response type for the OpenAPI document.
 */
export function sendJson(reply: FastifyReply, doc: JsonDocument): void {
  void reply.type('application/json; charset=utf-8').send(doc.body);
}

/** Adds `field` to the answer's Vary header (Accept-Language may already be there). */
function addVary(reply: FastifyReply, field: string): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined || vary === '') void reply.header('Vary', field);
  else if (
    !String(vary)
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(field.toLowerCase())
  )
    void reply.header('Vary', `${String(vary)}, ${field}`);
}

/** A weak ETag of bytes made per request (what Express gave every answer): length and SHA-1. */
function weakEtag(body: Buffer | string): string {
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  return `W/"${length.toString(16)}-${createHash('sha1').update(body).digest('base64').slice(0, 27)}"`;
}

/** Whether the client's If-None-Match names `etag` (weak comparison, as RFC 9110 asks for GET). */
function clientHas(request: FastifyRequest, etag: string): boolean {
  const given = request.headers['if-none-match'];
  if (!given) return false;
  if (given.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return given.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

type Payload = string | Buffer | null | NodeJS.ReadableStream;

/**
 * Fastify's onSend hook, the one place answers are compressed and tagged: every JSON answer of
 * GZIP_FROM_BYTES or more goes gzipped to a client that accepts gzip, as every browser does
 * (Vary: Accept-Encoding), whoever wrote it (Nest's return values or `sendJson`). A JsonDocument's
 * gzip form is made once, with an ETag of its own; a GET's other answer is compressed unless it was
 * sent moments ago (`recentGzip`), any other answer as it is sent.
 * A document carries the ETag of the bytes sent (strong), a GET's other 200 answers a weak one, and
 * a GET is answered 304 when the client already has those bytes. Streams and files are left alone.
 */
export function compressJson(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: Payload,
  done: (err: Error | null, value?: Payload) => void,
): void {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
  const doc = Buffer.isBuffer(payload) ? documents.get(payload) : undefined;
  const status = reply.statusCode;
  const readable = status === 200 && (request.method === 'GET' || request.method === 'HEAD');
  const finish = (body: string | Buffer, etag: string | undefined) => {
    // A document's ETag goes with it whatever the method (GetIndicatorType is a POST); a GET's
    // other answers get a weak one; only a GET can be answered 304.
    if (etag || readable) {
      const tag = etag ?? weakEtag(body);
      void reply.header('ETag', tag);
      if (readable && clientHas(request, tag)) {
        void reply.code(304);
        reply.removeHeader('content-encoding');
        reply.removeHeader('content-length');
        return done(null, '');
      }
    }
    done(null, body);
  };
  const type = String(reply.getHeader('content-type') ?? '');
  const length = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (
    length < GZIP_FROM_BYTES ||
    !/json/i.test(type) ||
    reply.getHeader('content-encoding') ||
    request.method === 'HEAD' ||
    status < 200 ||
    status === 204 ||
    status === 206
  )
    return finish(payload, doc?.etag);
  addVary(reply, 'Accept-Encoding');
  if (!acceptsGzip(request.headers['accept-encoding'])) return finish(payload, doc?.etag);
  void reply.header('Content-Encoding', 'gzip');
  if (doc) {
    const gz = gzipOf(doc);
    return finish(gz.body, gz.etag);
  }
  if (length < GZIP_ASYNC_FROM_BYTES) {
    if (!readable) return finish(gzipSync(payload, GZIP_OPTIONS), undefined);
    const gz = gzipOfAnswer(payload);
    return finish(gz.body, gz.etag);
  }
  gzip(payload, GZIP_OPTIONS, (error, zipped) => {
    if (error) {
      reply.removeHeader('content-encoding');
      finish(payload, undefined);
    } else finish(zipped, undefined);
  });
}

/**
 * The raw response of an answer written as a stream (exports, the embedded provider's pages):
 * the headers Fastify holds so far (the pipeline's security headers, X-Request-Id) are copied onto
 * it. Set the answer's own headers on it too; Fastify's onSend hooks do not run for it.
 */
export function streamedAnswer(reply: FastifyReply): ServerResponse {
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
  reply.raw.statusCode = 200;
  return reply.raw;
}

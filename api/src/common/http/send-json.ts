import type { NextFunction, Request, Response } from 'express';
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
 * Sends a JsonDocument, skipping Nest's JSON.stringify and Express's per-response hashing; a
 * request whose If-None-Match holds the ETag of the form it would get answers 304 (Express
 * checks `req.fresh`). `compressJson` gzips it (once per document). The route still declares
 * its response type for the OpenAPI document.
 */
export function sendJson(res: Response, doc: JsonDocument): void {
  res.type('json').set('ETag', doc.etag).send(doc.body);
}

/**
 * Middleware: every JSON answer of GZIP_FROM_BYTES or more goes gzipped to a client that
 * accepts gzip, as every browser does (Vary: Accept-Encoding), whoever wrote it (Nest's return
 * values, `res.json`, `sendJson`): the one place answers are compressed. A JsonDocument's gzip
 * form is made once, with an ETag of its own; any other answer is compressed as it is sent,
 * and Express computes its ETag on the bytes sent. Streams and files are left alone.
 */
export function compressJson(req: Request, res: Response, next: NextFunction): void {
  const send = res.send;
  res.send = function compressed(this: Response, body?: unknown): Response {
    if (typeof body !== 'string' && !Buffer.isBuffer(body)) return send.call(this, body);
    const type = this.get('Content-Type') ?? '';
    const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
    if (
      length < GZIP_FROM_BYTES ||
      !/json/i.test(type) ||
      this.get('Content-Encoding') ||
      req.method === 'HEAD' ||
      this.statusCode < 200 ||
      this.statusCode === 204 ||
      this.statusCode === 206
    )
      return send.call(this, body);
    this.vary('Accept-Encoding');
    if (!acceptsGzip(req.headers['accept-encoding'])) return send.call(this, body);
    const doc = Buffer.isBuffer(body) ? documents.get(body) : undefined;
    if (doc) {
      const gz = gzipOf(doc);
      return send.call(this.set('Content-Encoding', 'gzip').set('ETag', gz.etag), gz.body);
    }
    // Sent as bytes from here: keep the charset Express gives a string.
    if (typeof body === 'string' && !/charset=/i.test(type)) this.set('Content-Type', `${type}; charset=utf-8`);
    this.set('Content-Encoding', 'gzip');
    if (length < GZIP_ASYNC_FROM_BYTES) return send.call(this, gzipSync(body, GZIP_OPTIONS));
    gzip(body, GZIP_OPTIONS, (error, zipped) => {
      if (error) {
        this.removeHeader('Content-Encoding');
        send.call(this, body);
      } else send.call(this, zipped);
    });
    return this;
  };
  next();
}

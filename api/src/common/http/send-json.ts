import type { Response } from 'express';
import { createHash } from 'node:crypto';
import { constants, gzipSync } from 'node:zlib';

/** A JSON answer serialized once (built by PostgreSQL or cached), with a strong ETag of its bytes. */
export interface JsonDocument {
  body: Buffer;
  etag: string;
}

export function jsonDocument(json: string): JsonDocument {
  const body = Buffer.from(json);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
export const GZIP_FROM_BYTES = 1024;

/** A document's gzip form, made the first time a client that accepts gzip gets it (cached documents: once). */
const gzipped = new WeakMap<JsonDocument, { body: Buffer; etag: string }>();

function gzipOf(doc: JsonDocument): { body: Buffer; etag: string } {
  let gz = gzipped.get(doc);
  if (!gz) {
    // Level 1, as web servers default to: nearly the size of level 6 at two thirds of the time.
    // A strong ETag names one encoding's bytes, so the gzip form has its own.
    gz = { body: gzipSync(doc.body, { level: constants.Z_BEST_SPEED }), etag: `${doc.etag.slice(0, -1)}-gz"` };
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
 * Sends a JsonDocument, skipping Nest's JSON.stringify and Express's per-response hashing;
 * gzipped (once per document) for clients that accept it, as every browser does; a request
 * whose If-None-Match holds the ETag of the form it would get answers 304 (Express checks
 * `req.fresh`). The route still declares its response type for the OpenAPI document.
 */
export function sendJson(res: Response, doc: JsonDocument): void {
  res.type('json');
  if (doc.body.length >= GZIP_FROM_BYTES) {
    res.vary('Accept-Encoding');
    if (acceptsGzip(res.req.headers['accept-encoding'])) {
      const gz = gzipOf(doc);
      res.set('Content-Encoding', 'gzip').set('ETag', gz.etag).send(gz.body);
      return;
    }
  }
  res.set('ETag', doc.etag).send(doc.body);
}

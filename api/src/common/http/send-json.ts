import type { Response } from 'express';
import { createHash } from 'node:crypto';

/** A JSON answer serialized once (built by PostgreSQL or cached), with a strong ETag of its bytes. */
export interface JsonDocument {
  body: Buffer;
  etag: string;
}

export function jsonDocument(json: string): JsonDocument {
  const body = Buffer.from(json);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/**
 * Sends a JsonDocument, skipping Nest's JSON.stringify and Express's per-response hashing;
 * a request whose If-None-Match holds the ETag gets 304 (Express checks `req.fresh`). The
 * route still declares its response type for the OpenAPI document.
 */
export function sendJson(res: Response, doc: JsonDocument): void {
  res.set('ETag', doc.etag).type('json').send(doc.body);
}

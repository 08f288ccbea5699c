import type { FastifyReply } from 'fastify';
import type { ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';

/**
 * A JSON answer serialized once (built by PostgreSQL or cached), with the ETag of its bytes made
 * once too. Weak (`W/`): @fastify/compress sends the same ETag with the gzip form of the bytes.
 */
export interface JsonDocument {
  body: Buffer;
  etag: string;
}

export function jsonDocument(json: string): JsonDocument {
  const body = Buffer.from(json);
  return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
}

/**
 * A JsonDocument as a route's answer (`@Res({ passthrough: true })`, then `return jsonBody(res, doc)`):
 * its bytes as they are, with its ETag, so @fastify/etag hashes nothing.
 */
export function jsonBody(reply: FastifyReply, doc: JsonDocument): Buffer {
  void reply.type('application/json; charset=utf-8').header('ETag', doc.etag);
  return doc.body;
}

/**
 * The raw response of an answer written as a stream (exports, the embedded provider's pages), with
 * the headers Fastify holds so far; Fastify's onSend hooks (compression, ETags) do not run for it.
 */
export function streamedAnswer(reply: FastifyReply): ServerResponse {
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
  reply.raw.statusCode = 200;
  return reply.raw;
}

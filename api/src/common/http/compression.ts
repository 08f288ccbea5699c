import fastifyCompress from '@fastify/compress';
import fastifyEtag from '@fastify/etag';
import type { FastifyInstance, FastifyReply, onSendHookHandler } from 'fastify';
import { createHash } from 'node:crypto';
import { constants, createGzip, gzipSync, type ZlibOptions } from 'node:zlib';

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * @fastify/compress's own list without `application/octet-stream` (a stored file of unknown type
 * is most likely compressed already) and without Server-Sent Events.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)/u;

/** Larger answers are compressed through zlib's stream, on libuv's thread pool. */
const SYNC_UP_TO_BYTES = 64 * 1024;

/**
 * The gzip forms of recent answers, by the SHA-256 of their bytes: an answer sent again (the
 * configuration, a list page, a polled screen) is not compressed again (bench/results/compression.md).
 */
const recentGzip = new Map<string, Buffer>();
const RECENT_GZIP_MAX = 128;

/** zlib's gzipSync through recentGzip: what @fastify/compress calls for answers up to SYNC_UP_TO_BYTES. */
export function gzipRecent(payload: Buffer, options?: ZlibOptions): Buffer {
  const hash = createHash('sha256').update(payload).digest('base64url');
  let gz = recentGzip.get(hash);
  if (gz) recentGzip.delete(hash);
  else {
    gz = gzipSync(payload, options);
    if (recentGzip.size >= RECENT_GZIP_MAX) recentGzip.delete(recentGzip.keys().next().value!);
  }
  recentGzip.set(hash, gz);
  return gz;
}

/**
 * A list page's rows (react-admin's `Content-Range: submissions 0-24/100`), written after compression:
 * @fastify/compress sends any answer carrying Content-Range as it is (for bytes, it would be partial content).
 */
const listRanges = new WeakMap<FastifyReply, string>();

export function setListRange(reply: FastifyReply, range: string): void {
  listRanges.set(reply, range);
}

/**
 * ETags and compression (docs/decisions/compression.md) for every route registered after this call.
 * @fastify/etag goes first, so it hashes the answer as made, not its gzip form. Only gzip, level 1:
 * nearly the size of level 6 at a fraction of the time, and brotli was slower still. Request bodies
 * are not decompressed (no such clients; the body limits stay the bytes received).
 * Answers written to the raw response (`streamedAnswer`) pass by both.
 */
export async function installCompression(fastify: FastifyInstance, recentOff = false): Promise<void> {
  await fastify.register(fastifyEtag, { weak: true });
  await fastify.register(fastifyCompress, {
    encodings: ['gzip'],
    threshold: COMPRESS_FROM_BYTES,
    syncThreshold: SYNC_UP_TO_BYTES,
    zlibOptions: { level: constants.Z_BEST_SPEED },
    zlib: { gzipSync: recentOff ? gzipSync : gzipRecent, createGzip },
    customTypes: COMPRESSIBLE,
    globalDecompression: false,
  });
  // @fastify/compress compresses in each route's own onSend hooks: this one goes after its.
  const writeRange: onSendHookHandler = (_request, reply, payload, done) => {
    const range = listRanges.get(reply);
    if (range) void reply.header('Content-Range', range);
    done(null, payload);
  };
  fastify.addHook('onRoute', (route) => {
    route.onSend = [...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : []), writeRange];
  });
}

import fastifyCompress from '@fastify/compress';
import fastifyEtag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { constants, createGzip, gzipSync, type ZlibOptions } from 'node:zlib';

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * What is compressed: @fastify/compress's own list without `application/octet-stream` (a stored
 * file of unknown type is most likely compressed already). Server-Sent Events stay out, and so do
 * PDF, ZIP, XLSX and images, which mime-db marks as not compressible.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)/u;

/** Larger answers are compressed through zlib's stream, on libuv's thread pool. */
const SYNC_UP_TO_BYTES = 64 * 1024;

/**
 * The gzip forms of recent answers, by the SHA-256 of their bytes (most recently sent last), at
 * most SYNC_UP_TO_BYTES each: an answer sent again (the configuration to every visitor, a list page
 * asked again, a screen polled) is not compressed again. The one piece kept by hand, because the
 * benchmark said so (bench/results/compression.md): gzip per request doubled the CPU of a list page.
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
 * ETags and compression by Fastify's maintained plugins (docs/decisions/compression.md), for every
 * route registered after this call (register it before any route):
 * - @fastify/etag first (its onSend hook runs before compression, so it hashes the bytes of the
 *   answer as made): a weak ETag on every string or Buffer answer, unless the route set one
 *   (`jsonBody`), and 304 when If-None-Match names it.
 * - @fastify/compress: gzip, level 1 (nearly the size of level 6 at a fraction of the time), for
 *   answers of COMPRESS_FROM_BYTES or more to a client that accepts it; in one call on the event
 *   loop up to SYNC_UP_TO_BYTES (through `gzipRecent`, handed to the plugin as its `zlib`), larger
 *   answers and streams through zlib's stream on libuv's thread pool.
 *   Brotli and zstd are not offered: brotli at the plugin's quality 4 took three times gzip's
 *   time on a 12 KB list page. Request bodies are not decompressed (no such clients; the body
 *   limits stay the bytes received).
 * Answers written to the raw response (streamed downloads, `streamedAnswer`) pass by both.
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
}

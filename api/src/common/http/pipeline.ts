import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { parse as parseQueryString } from 'node:querystring';
import { badRequest } from './app-error.js';
import { invalidCharacters } from './text-guard.js';

/** helmet's headers, computed once: with our options (no nonce) every header is static. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => (headers[name] = value),
    removeHeader: () => undefined,
  };
  helmet(options)({} as never, recorder as never, () => undefined);
  return headers;
}

/**
 * A lenient decoder would turn bytes that are not UTF-8 into U+FFFD: the API would store text the
 * client never wrote. The BOM is left in the text for JSON.parse to refuse.
 */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const ENCODED_NUL = /%00/i;

export interface BodyParserOptions {
  /** Largest bodies, in bytes. */
  jsonLimit: number;
  formLimit: number;
  /** JSON.parse's reviver: throws a SyntaxError on what no body may hold. */
  reviver: (key: string, value: unknown) => unknown;
}

/**
 * The request pipeline on Fastify, before any route: security headers and X-Request-Id on every
 * answer, an encoded NUL in the URL refused (lone surrogates cannot arrive percent-encoded), and
 * the body parsers: JSON, URL-encoded forms, and multipart left unread for multer. Any other type
 * answers 415.
 */
export function installPipeline(fastify: FastifyInstance, headers: Record<string, string>, bodies: BodyParserOptions): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headers).header('X-Request-Id', request.id);
    const url = request.raw.url ?? '';
    if (url.includes('%') && ENCODED_NUL.test(url)) return done(invalidCharacters('The address'));
    done();
  });

  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    /^application\/([\w.+-]+\+)?json(\s*;|$)/i,
    { parseAs: 'buffer', bodyLimit: bodies.jsonLimit },
    (_request, body, done) => {
      let text: string;
      try {
        text = STRICT_UTF8.decode(body as Buffer);
      } catch {
        return done(badRequest('errors.invalid-utf8', 'The request body is not valid UTF-8 text'), undefined);
      }
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text, bodies.reviver));
      } catch (e) {
        // A RangeError is a body nested too deeply for the reviver's recursion: not JSON we take either.
        done(e instanceof SyntaxError ? e : new SyntaxError(`Unreadable JSON: ${(e as Error).message}`), undefined);
      }
    },
  );
  fastify.addContentTypeParser(
    /^application\/x-www-form-urlencoded(\s*;|$)/i,
    { parseAs: 'string', bodyLimit: bodies.formLimit },
    (_request, body, done) => done(null, { ...parseQueryString(body as string) }),
  );
  fastify.addContentTypeParser(/^multipart\/form-data(\s*;|$)/i, (_request, _payload, done) => done(null, undefined));
}

/** '1mb', '100kb' (the BODY_LIMIT setting) in bytes. */
export function byteSize(size: string): number {
  const m = /^(\d+)(kb|mb)$/i.exec(size);
  if (!m) throw new Error(`Not a size: ${size}`);
  return Number(m[1]) * (m[2].toLowerCase() === 'mb' ? 1024 * 1024 : 1024);
}

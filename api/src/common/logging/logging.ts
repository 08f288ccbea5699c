import type { LoggerService } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import { pino, type DestinationStream, type Level, type Logger as Pino } from 'pino';

export type LogLevel = Level | 'silent';

/** The process's one structured logger (JSON lines on stdout unless a destination is given). */
export function createRootLogger(level: LogLevel, destination?: DestinationStream): Pino {
  return destination ? pino({ level }, destination) : pino({ level });
}

/** A request id: the caller's X-Request-Id when it is sane, otherwise a new UUID (Fastify's genReqId). */
const GIVEN_ID = /^[\w-]{1,100}$/;
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
}

/** One line per API request as it finishes, at level info (pino-http at a fraction of its per-request cost). */
export function installRequestLogging(fastify: FastifyInstance, log: Pino): void {
  if (!log.isLevelEnabled('info')) return;
  fastify.addHook('onResponse', (request, reply, done) => {
    if (request.url.startsWith('/api')) {
      const responseTime = Math.round(reply.elapsedTime);
      log.info(
        { reqId: request.id, method: request.method, url: request.originalUrl, statusCode: reply.statusCode, responseTime },
        'request completed',
      );
    }
    done();
  });
}

const NEST_LEVELS = { log: 'info', error: 'error', warn: 'warn', debug: 'debug', verbose: 'trace', fatal: 'fatal' } as const;

/** Nest's logger on pino: `log(message, context)`, `error(message, stack, context)`; an object message is merged into the line. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Pino) {}

  log = (message: unknown, ...params: unknown[]): void => this.write('log', message, params);
  error = (message: unknown, ...params: unknown[]): void => this.write('error', message, params);
  warn = (message: unknown, ...params: unknown[]): void => this.write('warn', message, params);
  debug = (message: unknown, ...params: unknown[]): void => this.write('debug', message, params);
  verbose = (message: unknown, ...params: unknown[]): void => this.write('verbose', message, params);
  fatal = (message: unknown, ...params: unknown[]): void => this.write('fatal', message, params);

  private write(nestLevel: keyof typeof NEST_LEVELS, message: unknown, params: unknown[]): void {
    const level = NEST_LEVELS[nestLevel];
    if (!this.pino.isLevelEnabled(level)) return;
    const rest = [...params];
    const context = rest.length > 0 && typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const stack = nestLevel === 'error' && typeof rest[0] === 'string' ? rest[0] : undefined;
    if (message instanceof Error) this.pino[level]({ context, err: message }, message.message);
    else if (message !== null && typeof message === 'object') this.pino[level]({ context, ...message });
    else this.pino[level]({ context, ...(stack ? { stack } : {}) }, String(message));
  }
}

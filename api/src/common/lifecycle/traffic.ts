import { Global, Injectable, Module } from '@nestjs/common';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Server } from 'node:http';

/**
 * This replica's requests in flight, and whether it is draining: then `/api/health/ready` answers 503
 * and every answer closes its connection, so clients move to another replica.
 */
@Injectable()
export class Traffic {
  isDraining = false;
  requestsInFlight = 0;
  private waiters: (() => void)[] = [];

  /** Fastify's first onRequest hook (app.factory.ts): counts the request until its connection is done with it. */
  readonly onRequest = (_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    this.requestsInFlight++;
    if (this.isDraining) void reply.header('Connection', 'close');
    // 'close' comes once per answer, whether it finished or the client went away.
    reply.raw.once('close', this.ended);
    done();
  };

  private readonly ended = (): void => {
    if (--this.requestsInFlight === 0) for (const wake of this.waiters.splice(0)) wake();
  };

  /** Resolves true once no request is in flight, or false after `timeoutMs`. */
  whenIdle(timeoutMs: number): Promise<boolean> {
    if (this.requestsInFlight === 0) return Promise.resolve(true);
    return new Promise((done) => {
      const wake = () => {
        clearTimeout(timer);
        done(true);
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== wake);
        done(false);
      }, timeoutMs);
      this.waiters.push(wake);
    });
  }
}

/**
 * SIGTERM: answer not-ready for `drainMs` (the load balancer stops sending), stop accepting connections,
 * let the requests in flight finish within `timeoutMs`, then close whatever is left.
 */
export async function drainAndClose(
  server: Server,
  traffic: Traffic,
  options: { drainMs: number; timeoutMs: number },
): Promise<{ finished: boolean; cutOff: number }> {
  traffic.isDraining = true;
  if (options.drainMs > 0) await new Promise((r) => setTimeout(r, options.drainMs));
  const closed = new Promise<void>((r) => server.close(() => r()));
  server.closeIdleConnections();
  const finished = await traffic.whenIdle(options.timeoutMs);
  const cutOff = traffic.requestsInFlight;
  // Connections that went idle after their last answer, then any still busy past the bound.
  server.closeIdleConnections();
  if (!finished) server.closeAllConnections();
  await closed;
  return { finished, cutOff };
}

@Global()
@Module({ providers: [Traffic], exports: [Traffic] })
export class TrafficModule {}

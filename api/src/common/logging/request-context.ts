import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/access.decorator.js';

/** What code deep in a request may need of it without being handed the request: its id (as the log lines say), address and user. */
export interface RequestContext {
  readonly requestId: string;
  readonly ip: string | undefined;
  /** The signed-in user, once the access guard has read the token. */
  readonly user: AuthUser | undefined;
}

const storage = new AsyncLocalStorage<FastifyRequest & { user?: AuthUser }>();

/** The request being served, or undefined outside one (a timer, a job, a test calling a service). */
export function currentRequest(): RequestContext | undefined {
  const request = storage.getStore();
  if (!request) return undefined;
  return { requestId: String(request.id), ip: request.ip || undefined, user: request.user };
}

/**
 * Keeps the request for the rest of its handling. Entered in preHandler, after the body is read:
 * the body's stream events would run outside a store entered earlier; the route's handler
 * (guards, controller, services) runs synchronously from this hook's `done`, so inside it.
 */
export function installRequestContext(fastify: FastifyInstance): void {
  fastify.addHook('preHandler', (request, _reply, done) => storage.run(request, done));
}

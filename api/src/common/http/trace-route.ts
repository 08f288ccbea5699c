import { trace } from '@opentelemetry/api';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** Whether OpenTelemetry traces are on (main.ts loads telemetry.ts then). */
export const tracing = (env: NodeJS.ProcessEnv = process.env): boolean =>
  Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);

/** Names the request's span after its route pattern (`http.route`), never the raw URL with its ids. */
export function nameSpanAfterRoute(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const route = request.is404 ? undefined : request.routeOptions.url;
  const span = trace.getActiveSpan();
  if (span && route) {
    span.setAttribute('http.route', route);
    span.updateName(`${request.method} ${route}`);
  }
  done();
}

import { register } from 'node:module';
import type { IncomingMessage } from 'node:http';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';

/**
 * OpenTelemetry traces, on only when OTEL_EXPORTER_OTLP_ENDPOINT (or ..._TRACES_ENDPOINT) is set:
 * a span per request with its database statements as children, configured by the standard OTEL_*
 * variables. Health checks and metrics scrapes are not traced: they would be most of the spans.
 */
// ES modules loaded from here on are seen by the instrumentations too (CommonJS ones always are).
register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);

const untraced = (req: IncomingMessage) => /^\/api\/(health|metrics)(\/|$|\?)/.test(req.url ?? '');

const sdk = new NodeSDK({
  serviceName: process.env.OTEL_SERVICE_NAME ?? 'impact-calls',
  instrumentations: [
    new HttpInstrumentation({ ignoreIncomingRequestHook: untraced }),
    new PgInstrumentation({ enhancedDatabaseReporting: false }),
  ],
});
sdk.start();
console.log(`OpenTelemetry traces to ${process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? process.env.OTEL_EXPORTER_OTLP_ENDPOINT}`);

/** Sends the spans still buffered (at shutdown). */
export function shutdownTelemetry(): Promise<void> {
  return sdk.shutdown();
}

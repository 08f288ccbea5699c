// The product's entry point (`node api/dist/main.js`).
import { setFlagsFromString } from 'node:v8';

// V8 lets the old generation grow to several times what survived the last full collection: under a
// rush the RSS was mostly garbage waiting. At 50% it collects sooner, at the same speed
// (docs/decisions/messages-performance.md). A `--heap-growing-percent` on the command line wins.
if (!process.execArgv.some((a) => a.startsWith('--heap-growing-percent'))) setFlagsFromString('--heap-growing-percent=50');

// Optional OpenTelemetry traces must be set up before Fastify, pg and node:http are loaded.
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) await import('./telemetry.js');
await import('./server.js');

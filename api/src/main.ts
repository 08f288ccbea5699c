// The product's entry point (`node api/dist/main.js`).
import { setFlagsFromString } from 'node:v8';

// V8 lets the old generation grow to two or three times what survived the last full collection
// before it collects again: with about 90 MB live, a deadline rush beside a message to 10,000
// applicants took the process from 300 to 460 MB of RSS, nearly all of it garbage waiting. At 50%
// it collects sooner: the same run peaked at 253 MB (+10 MB), at the same speed (issue 17,
// docs/decisions/messages-performance.md). A `--heap-growing-percent` on the command line wins.
if (!process.execArgv.some((a) => a.startsWith('--heap-growing-percent'))) setFlagsFromString('--heap-growing-percent=50');

// Optional OpenTelemetry traces (issue 19) must be set up before Fastify, pg and node:http are
// loaded, so the server comes after it.
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) await import('./telemetry.js');
await import('./server.js');

// The product's entry point (`node api/dist/main.js`). Optional OpenTelemetry traces (issue 19)
// must be set up before Express, pg and node:http are loaded, so the server comes after it.
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) await import('./telemetry.js');
await import('./server.js');

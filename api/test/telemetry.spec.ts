/**
 * Issue 19, optional OpenTelemetry traces: the BUILT product with OTEL_EXPORTER_OTLP_ENDPOINT
 * pointing at an OTLP/HTTP receiver on loopback (JSON, as OTEL_EXPORTER_OTLP_PROTOCOL=http/json
 * asks) sends a span per request with its route and its database statements as children; health
 * checks are not traced. Needs `npm run build`; skipped otherwise.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { TEST_JWT_SECRET } from './app.js';
import { createScratchDatabase } from './database.js';

const ROOT = resolve(import.meta.dirname, '../..');
const MAIN = join(ROOT, 'api/dist/main.js');
const built = existsSync(join(ROOT, 'api/dist/telemetry.js'));
if (!built) console.warn('telemetry.spec.ts skipped: api/dist is missing (npm run build)');
const maybe = built ? describe : describe.skip;

interface Span {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: { key: string; value: Record<string, unknown> }[];
}

const freePort = () =>
  new Promise<number>((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address() as { port: number };
      s.close(() => done(a.port));
    });
  });

const attribute = (s: Span, key: string) => {
  const v = s.attributes.find((a) => a.key === key)?.value;
  return v ? Object.values(v)[0] : undefined;
};

maybe('OpenTelemetry traces (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  it('sends a span per request with its route and its statements, none for health checks', async () => {
    const spans: Span[] = [];
    const services = new Set<string>();
    const receiver = createHttpServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (req.url === '/v1/traces') {
          const doc = JSON.parse(body) as {
            resourceSpans: { resource: { attributes: Span['attributes'] }; scopeSpans: { spans: Span[] }[] }[];
          };
          for (const r of doc.resourceSpans) {
            const service = r.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue;
            if (typeof service === 'string') services.add(service);
            for (const s of r.scopeSpans) spans.push(...s.spans);
          }
        }
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      });
    });
    const receiverPort = await freePort();
    await new Promise<void>((r) => receiver.listen(receiverPort, '127.0.0.1', () => r()));
    const db = await createScratchDatabase('ic_otel');
    const dataDir = mkdtempSync(join(tmpdir(), 'ic-otel-'));
    const port = await freePort();
    const child = spawn(process.execPath, [MAIN], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: db.url,
        DATA_DIR: dataDir,
        JWT_SECRET: TEST_JWT_SECRET,
        DEMO_CONTENT: 'false',
        LOG_LEVEL: 'warn',
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiverPort}`,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '200',
        OTEL_SERVICE_NAME: 'impact-calls-test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    try {
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 450; i++) {
        if (child.exitCode !== null) throw new Error(`the product stopped: ${output}`);
        if (
          await fetch(`${base}/api/health/ready`).then(
            (r) => r.ok,
            () => false,
          )
        )
          break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(output).toContain(`OpenTelemetry traces to http://127.0.0.1:${receiverPort}`);
      expect((await fetch(`${base}/api/Config/GetConfig`)).status).toBe(200);
      const request = () => spans.find((s) => attribute(s, 'http.route') === '/api/Config/GetConfig' && !s.parentSpanId);
      for (let i = 0; i < 100 && !request(); i++) await new Promise((r) => setTimeout(r, 100));
      const root = request();
      expect(root?.name).toMatch(/^GET/);
      // The statements the request ran are spans of the same trace.
      const statements = spans.filter((s) => s.traceId === root!.traceId && attribute(s, 'db.system.name') === 'postgresql');
      const statementsOld = spans.filter((s) => s.traceId === root!.traceId && attribute(s, 'db.system') === 'postgresql');
      expect(statements.length + statementsOld.length).toBeGreaterThan(0);
      expect(services).toEqual(new Set(['impact-calls-test']));
      expect(spans.filter((s) => String(attribute(s, 'url.path') ?? attribute(s, 'http.target') ?? '').startsWith('/api/health'))).toEqual(
        [],
      );
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(undefined)));
      receiver.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

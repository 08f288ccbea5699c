import { Logger } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import { Writable } from 'node:stream';
import { createTestApp, type TestApp } from './app.js';
import { ErrorFilter } from '../src/common/http/error.filter.js';
import { createRootLogger, PinoNestLogger } from '../src/common/logging/logging.js';

/** A pino destination that keeps every JSON line it is given. */
function captureLines() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe('request logging at info', () => {
  const logs = captureLines();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, undefined, logs.stream);
  });
  afterAll(() => t.close());

  it('logs one line per API request with its id, status and duration', async () => {
    await t.http.get('/api/Config/GetConfig').set('X-Request-Id', 'trace-log-1').expect(200);
    await t.http.get('/api/NoSuchGroup/Nothing').set('X-Request-Id', 'trace-log-2').expect(404);
    const mine = logs.lines.filter((l) => typeof l.reqId === 'string' && (l.reqId as string).startsWith('trace-log-'));
    expect(mine).toEqual([
      expect.objectContaining({
        level: 30,
        reqId: 'trace-log-1',
        method: 'GET',
        url: '/api/Config/GetConfig',
        statusCode: 200,
        msg: 'request completed',
      }),
      expect.objectContaining({ level: 30, reqId: 'trace-log-2', statusCode: 404 }),
    ]);
    expect(typeof mine[0].responseTime).toBe('number');
  });

  it('gives a request without a usable X-Request-Id a new UUID and never logs its headers', async () => {
    const res = await t.http
      .get('/api/Config/GetConfig')
      .set('X-Request-Id', 'bad id with spaces')
      .set('Authorization', 'Bearer secret-token')
      .expect(200);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const line = logs.lines.find((l) => l.reqId === res.headers['x-request-id']);
    expect(line).toBeDefined();
    expect(JSON.stringify(logs.lines)).not.toContain('secret-token');
  });
});

describe('error logging', () => {
  it('logs an unexpected error with the request id and answers the generic 500 body', () => {
    const logs = captureLines();
    Logger.overrideLogger(new PinoNestLogger(createRootLogger('info', logs.stream)));
    let answered: unknown;
    const res = {
      sent: false,
      raw: { headersSent: false },
      status: () => res,
      type: () => res,
      header: () => res,
      send: (body: unknown) => (answered = body),
    };
    const req = { id: 'trace-500', method: 'POST', originalUrl: '/api/Thing/Break' };
    try {
      new ErrorFilter().catch(new Error('database went away'), new ExecutionContextHost([req, res]));
    } finally {
      Logger.overrideLogger(false);
    }
    expect(answered).toEqual({ statusCode: 500, message: 'Internal server error', key: 'errors.internal' });
    expect(logs.lines).toEqual([
      expect.objectContaining({
        level: 50,
        context: 'Errors',
        reqId: 'trace-500',
        method: 'POST',
        url: '/api/Thing/Break',
        err: expect.objectContaining({ message: 'database went away' }),
      }),
    ]);
  });
});

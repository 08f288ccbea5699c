// Issue 19: Nest on Express (what the product runs) against Nest on Fastify, the same small
// application (bench/adapters-app.mjs: a global guard, the validation pipe, an exception filter),
// beside a bare node:http server answering the same JSON. Figures: requests per second at 50
// connections and CPU milliseconds per request (from /proc, meaningful on a busy machine).
// The product itself is not ported: see docs/decisions/fastify.md for why these figures decide.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { freePort, load } from '../lib.mjs';

export const name = 'adapters';
const SAVE_BODY = JSON.stringify({ content: { data: { notes: 'x'.repeat(2000) } }, version: 3 });

const cpuMs = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};

async function startApp(adapter) {
  const port = await freePort();
  const child = spawn(process.execPath, ['bench/adapters-app.mjs'], {
    env: { ...process.env, ADAPTER: adapter, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))),
  };
}

async function startBare() {
  const port = await freePort();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const json =
        req.url === '/api/save'
          ? { saved: true, size: JSON.stringify(JSON.parse(body)).length }
          : { status: 'ok', info: { database: { status: 'up' } } };
      res.writeHead(req.url === '/api/save' ? 201 : 200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(json));
    });
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${port}`, pid: process.pid, stop: () => new Promise((r) => server.close(r)) };
}

async function measure(target, path, options) {
  const before = cpuMs(target.pid);
  const r = await load(`${target.url}${path}`, { connections: 50, seconds: 8, ...options });
  // load() warms up for 4 s first: its requests count in the CPU time too.
  const seconds = 8 + 4;
  return { ...r, cpuMsPerRequest: +((cpuMs(target.pid) - before) / (r.requestsPerSecond * seconds)).toFixed(3) };
}

export async function run() {
  const targets = { express: await startApp('express'), fastify: await startApp('fastify') };
  const out = {};
  for (const [label, path, options] of [
    ['GET /api/health', '/api/health', {}],
    [
      'POST /api/save (2 KB JSON, validated)',
      '/api/save',
      { method: 'POST', body: SAVE_BODY, headers: { 'content-type': 'application/json' } },
    ],
  ]) {
    const row = {};
    for (const [adapter, target] of Object.entries(targets)) row[adapter] = await measure(target, path, options);
    out[`${label}, 50 connections`] = {
      ...row,
      fastifyToExpressRequestsPerSecond: +(row.fastify.requestsPerSecond / row.express.requestsPerSecond).toFixed(2),
    };
  }
  for (const t of Object.values(targets)) await t.stop();
  // The bare server runs in this process (its CPU is the load generator's too): requests per second only.
  const bare = await startBare();
  out['bare node:http, GET /api/health, 50 connections (requests per second only)'] = await load(`${bare.url}/api/health`, {
    connections: 50,
    seconds: 8,
  });
  await bare.stop();
  return out;
}

// Issue 19: two replicas behind HAProxy (Debian's package), the deadline rush for 5 minutes
// (BENCH_REPLICAS_SECONDS to change it) while one replica is restarted (SIGTERM, start again)
// and then the other. 500 applicants autosave their survey without pause at 100 connections,
// each save carrying the version the previous one answered; every applicant sends its own
// X-Forwarded-For address, as real applicants come from their own (the per-address rate limits
// stay on). Afterwards every submission is read back: its survey must be the last save the API
// confirmed. Targets: 0 errors seen by applicants, 0 lost confirmed saves, save p99 under 300 ms
// during the restarts.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startProduct } from '../lib.mjs';
import { answersOf, client, setup as submissionsSetup, stats } from './submissions.mjs';

export const name = 'replicas';
const SECONDS = Number(process.env.BENCH_REPLICAS_SECONDS ?? 300);
const CONNECTIONS = 100;
/**
 * A replica drains this long: longer than HAProxy needs to see its 503 (check interval × fall =
 * 1 s × 2) plus a check's own time on a loaded machine.
 */
const DRAIN_MS = 4000;

/** As docker/haproxy/haproxy.cfg: least connections, and a replica that comes back takes its share over 10 s. */
function haproxyConfig(port, servers) {
  return `global
  maxconn 4096
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 30s
  timeout check 3s
  option redispatch
  retries 3
  retry-on conn-failure empty-response response-timeout
frontend applicants
  bind 127.0.0.1:${port}
  option forwardfor
  default_backend replicas
backend replicas
  balance leastconn
  option httpchk GET /api/health/ready
  http-check expect status 200
  default-server inter 1s fall 2 rise 2 slowstart 10s
${servers.map((s, i) => `  server replica${i + 1} 127.0.0.1:${s} check`).join('\n')}
`;
}

function startHaproxy(port, servers) {
  const dir = mkdtempSync(join(tmpdir(), 'ic-haproxy-'));
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(port, servers));
  const check = spawnSync('haproxy', ['-c', '-q', '-f', file]);
  if (check.status !== 0) throw new Error(`haproxy -c: ${check.stderr}`);
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'inherit'] });
  return {
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Every replica process's resident memory, sampled every 5 s while it serves: per process, its
 * RSS once warm (the first sample a minute after it started, or its first), at its end and at
 * its peak, and how long it was watched. Flat memory is an end close to the warm figure.
 */
function memoryWatch(replicas) {
  const seen = new Map();
  const sample = () => {
    for (const [i, r] of replicas.entries()) {
      let kb;
      try {
        kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${r.pid}/status`, 'utf8'))[1]);
      } catch {
        continue; // stopping or restarting
      }
      const at = performance.now();
      const p = seen.get(r.pid) ?? { replica: i + 1, startedAt: at, samples: [] };
      p.samples.push({ at, mb: Math.round(kb / 1024) });
      seen.set(r.pid, p);
    }
  };
  sample();
  const timer = setInterval(sample, 5000);
  return () => {
    clearInterval(timer);
    return [...seen.values()].map(({ replica, startedAt, samples }) => {
      const warm = samples.find((x) => x.at - startedAt >= 60_000) ?? samples[0];
      return {
        replica,
        watchedSeconds: Math.round((samples.at(-1).at - startedAt) / 1000),
        warmMb: warm.mb,
        endMb: samples.at(-1).mb,
        peakMb: Math.max(...samples.map((x) => x.mb)),
      };
    });
  };
}

async function waitUntil(url) {
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never answered`);
}

export async function setup({ product, databaseUrl }) {
  if (spawnSync('haproxy', ['-v']).error) throw new Error('replicas: HAProxy is missing (apt-get install haproxy)');
  // The harness' product is not one of ours: both replicas must share PUBLIC_URL (the load balancer's).
  const secret = product.jwtSecret();
  await product.stop();
  const lbPort = await freePort();
  const lbUrl = `http://127.0.0.1:${lbPort}`;
  const ports = [await freePort(), await freePort()];
  const env = (port) => ({
    DATABASE_URL: databaseUrl,
    JWT_SECRET: secret,
    PUBLIC_URL: lbUrl,
    PORT: String(port),
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    SHUTDOWN_TIMEOUT_MS: '10000',
  });
  const replicas = [];
  for (const port of ports) replicas.push(await startProduct(env(port)));
  const haproxy = startHaproxy(lbPort, ports);
  await waitUntil(`${lbUrl}/api/health/ready`);
  const data = await submissionsSetup({ product: { url: lbUrl, jwtSecret: () => secret }, databaseUrl });
  return { lbUrl, ports, env, replicas, haproxy, ...data };
}

export async function run({ lbUrl, ports, env, replicas, haproxy, rush, steps }) {
  const http = client(lbUrl);
  const confirmed = new Map();
  const restarts = [];
  let restarting = false;
  /** Each save's latency, and whether a restart was under way when it was sent or answered. */
  const saves = [];
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const memory = memoryWatch(replicas);

  // One worker per connection, each owning its share of applicants, saving in turn without pause.
  const workers = Array.from({ length: CONNECTIONS }, async (_, w) => {
    const mine = rush.filter((a) => a.i % CONNECTIONS === w);
    const versions = new Map(mine.map((a) => [a.i, 0]));
    let k = 0;
    while (performance.now() < deadline) {
      const a = mine[k++ % mine.length];
      const content = structuredClone(answersOf(a.i).survey);
      content.data.notes = `save ${k} of applicant ${a.i}`;
      const headers = { ...a.headers, 'X-Forwarded-For': `10.${(a.i >> 16) & 255}.${(a.i >> 8) & 255}.${a.i & 255}` };
      const sentAt = performance.now();
      const duringAtStart = restarting;
      const saved = await http.send('save', 'POST', '/api/Call/UpsertCallStepResult', headers, {
        callSubmissionId: a.submissionId,
        stepId: steps.survey,
        content,
        version: versions.get(a.i),
      });
      saves.push({ ms: performance.now() - sentAt, during: duringAtStart || restarting });
      if (saved) {
        versions.set(a.i, saved.version);
        confirmed.set(a.i, content);
      } else {
        // After an error the next save reads the version again, as the fill screen does on a conflict.
        const s = await http.send('reread', 'GET', `/api/Call/GetSubmissionByID?submissionId=${a.submissionId}`, a.headers);
        versions.set(a.i, s?.stepResults.find((r) => r.stepId === steps.survey)?.version ?? versions.get(a.i));
      }
    }
  });

  // The restarts: the first replica at 20% of the run, the second at 55%.
  const restart = async (i) => {
    restarting = true;
    const t0 = performance.now();
    await replicas[i].stop();
    const stoppedMs = performance.now() - t0;
    replicas[i] = await startProduct(env(ports[i]));
    restarts.push({
      replica: i + 1,
      stopSeconds: +(stoppedMs / 1000).toFixed(1),
      downSeconds: +((performance.now() - t0) / 1000).toFixed(1),
    });
    // Until HAProxy takes it back (rise 2 × 1 s), then a moment of both.
    await new Promise((r) => setTimeout(r, 3000));
    restarting = false;
  };
  const schedule = (async () => {
    await new Promise((r) => setTimeout(r, SECONDS * 200));
    await restart(0);
    await new Promise((r) => setTimeout(r, Math.max(0, started + SECONDS * 550 - performance.now())));
    await restart(1);
  })();
  await Promise.all([...workers, schedule]);
  const seconds = (performance.now() - started) / 1000;
  const memoryByProcess = memory();

  // Every applicant's survey must be the last save the API confirmed.
  const lost = [];
  const check = client(lbUrl);
  await Promise.all(
    Array.from({ length: 20 }, async (_, w) => {
      for (const a of rush.filter((x) => x.i % 20 === w)) {
        const s = await check.send('readBack', 'GET', `/api/Call/GetSubmissionByID?submissionId=${a.submissionId}`, a.headers);
        const got = s?.stepResults.find((r) => r.stepId === steps.survey)?.content;
        const want = confirmed.get(a.i);
        if (want && got?.data?.notes !== want.data.notes)
          lost.push(`applicant ${a.i}: has "${got?.data?.notes}", confirmed "${want.data.notes}"`);
      }
    }),
  );
  check.close();
  http.close();
  await haproxy.stop();
  for (const r of replicas) await r.stop();

  const saveDuring = stats(saves.filter((s) => s.during).map((s) => s.ms));
  return {
    [`deadline rush for ${SECONDS} s through HAProxy, two replicas, each restarted once (${CONNECTIONS} connections)`]: {
      seconds: +seconds.toFixed(1),
      saves: saves.length,
      savesPerSecond: Math.round(saves.length / seconds),
      save: stats(saves.map((s) => s.ms)),
      saveDuringRestarts: saveDuring,
      restarts,
      memoryByProcess,
      errors: http.errors.length + check.errors.length,
      ...(http.errors.length ? { firstErrors: http.errors.slice(0, 5) } : {}),
      lostConfirmedSaves: lost.length,
      ...(lost.length ? { firstLost: lost.slice(0, 5) } : {}),
      targets: {
        noError: http.errors.length + check.errors.length === 0,
        noLostSave: lost.length === 0,
        saveP99DuringRestartsUnder300Ms: saveDuring.p99 < 300,
      },
    },
  };
}

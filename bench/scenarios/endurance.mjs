// Issue 19: the deadline rush for 5 minutes on one product (BENCH_ENDURANCE_SECONDS to change
// it): 500 applicants autosave their survey without pause at 100 connections, each save carrying
// the version the previous one answered, each applicant from its own address (X-Forwarded-For:
// loopback is a trusted proxy), so the per-address limits stay on. The product's resident memory
// is sampled every 5 s. Afterwards every submission is read back: its survey must be the last
// save the API confirmed. Targets: memory flat (the last minute's RSS within 10% of the second
// minute's), save p99 under 150 ms, 0 errors, 0 lost confirmed saves.
import { readFileSync } from 'node:fs';
import { answersOf, client, setup as submissionsSetup, stats, warmUp } from './submissions.mjs';

export const name = 'endurance';
const SECONDS = Number(process.env.BENCH_ENDURANCE_SECONDS ?? 300);
const CONNECTIONS = 100;

const rssMb = (pid) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);

export const setup = submissionsSetup;

export async function run({ product, rush, early, uploaders, steps }) {
  const http = client(product.url);
  await warmUp(http, rush, early, uploaders, steps);
  const confirmed = new Map();
  /** Each save's latency and the second of the run it was answered in. */
  const saves = [];
  const memory = [{ second: 0, mb: rssMb(product.pid) }];
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const sampler = setInterval(
    () => memory.push({ second: Math.round((performance.now() - started) / 1000), mb: rssMb(product.pid) }),
    5000,
  );

  // One worker per connection, each owning its share of applicants, saving in turn without pause.
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, w) => {
      const mine = rush.filter((a) => a.i % CONNECTIONS === w);
      const versions = new Map();
      let k = 0;
      while (performance.now() < deadline) {
        const a = mine[k++ % mine.length];
        if (!versions.has(a.i)) {
          const s = await http.send('reread', 'GET', `/api/Call/GetSubmissionByID?submissionId=${a.submissionId}`, a.headers);
          versions.set(a.i, s?.stepResults.find((r) => r.stepId === steps.survey)?.version ?? 0);
        }
        const content = structuredClone(answersOf(a.i).survey);
        content.data.notes = `save ${k} of applicant ${a.i}`;
        const headers = { ...a.headers, 'X-Forwarded-For': `10.${(a.i >> 16) & 255}.${(a.i >> 8) & 255}.${a.i & 255}` };
        const sentAt = performance.now();
        const saved = await http.send('save', 'POST', '/api/Call/UpsertCallStepResult', headers, {
          callSubmissionId: a.submissionId,
          stepId: steps.survey,
          content,
          version: versions.get(a.i),
        });
        const answeredAt = performance.now();
        saves.push({ ms: answeredAt - sentAt, second: (answeredAt - started) / 1000 });
        if (saved) {
          versions.set(a.i, saved.version);
          confirmed.set(a.i, content);
        } else versions.delete(a.i); // read the version again, as the fill screen does after an error
      }
    }),
  );
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  memory.push({ second: Math.round(seconds), mb: rssMb(product.pid) });

  const lost = [];
  await Promise.all(
    Array.from({ length: 20 }, async (_, w) => {
      for (const a of rush.filter((x) => x.i % 20 === w)) {
        const s = await http.send('readBack', 'GET', `/api/Call/GetSubmissionByID?submissionId=${a.submissionId}`, a.headers);
        const got = s?.stepResults.find((r) => r.stepId === steps.survey)?.content;
        const want = confirmed.get(a.i);
        if (want && got?.data?.notes !== want.data.notes)
          lost.push(`applicant ${a.i}: has "${got?.data?.notes}", confirmed "${want.data.notes}"`);
      }
    }),
  );
  http.close();

  // Memory: the mean RSS of the second minute (warm) against the last minute's.
  const minuteMean = (from, to) => {
    const xs = memory.filter((m) => m.second >= from && m.second < to).map((m) => m.mb);
    return xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) : null;
  };
  const warmMb = minuteMean(60, 120);
  const lastMinuteMb = minuteMean(seconds - 60, seconds + 1);
  const perMinute = Array.from({ length: Math.ceil(seconds / 60) }, (_, m) => ({
    minute: m + 1,
    saveP99: stats(saves.filter((s) => s.second >= m * 60 && s.second < (m + 1) * 60).map((s) => s.ms)).p99,
    rssMb: minuteMean(m * 60, (m + 1) * 60),
  }));
  const save = stats(saves.map((s) => s.ms));
  return {
    [`deadline rush for ${SECONDS} s on one product (${CONNECTIONS} connections)`]: {
      seconds: +seconds.toFixed(1),
      saves: saves.length,
      savesPerSecond: Math.round(saves.length / seconds),
      save,
      perMinute,
      memory: { startMb: memory[0].mb, warmMb, lastMinuteMb, peakMb: Math.max(...memory.map((m) => m.mb)) },
      errors: http.errors.length,
      ...(http.errors.length ? { firstErrors: http.errors.slice(0, 5) } : {}),
      lostConfirmedSaves: lost.length,
      ...(lost.length ? { firstLost: lost.slice(0, 5) } : {}),
      targets: {
        memoryFlat: warmMb !== null && lastMinuteMb !== null && lastMinuteMb <= warmMb * 1.1,
        saveP99Under150Ms: save.p99 < 150,
        noError: http.errors.length === 0,
        noLostSave: lost.length === 0,
      },
    },
  };
}

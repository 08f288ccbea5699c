// The deadline rush, open loop: survey autosaves arrive at BENCH_RUSH_RATE a second (default 300)
// for BENCH_RUSH_SECONDS (default 300) whatever the server's latency, each latency counted from the
// time its save was due (no coordinated omission hidden). Save k is applicant k mod 500's (the
// submissions scenario's call, applicants and warm-up; each applicant from its own address).
// Design: as the fill screen does, an applicant has one save in flight; a save due meanwhile waits
// for it (the wait counted) and carries the version it answered. Closes come at the end, as in
// the closed-loop rush (a closed submission takes no more saves): each applicant saves the quiz
// and closes, started at the same request rate. Then every submission is read back through the
// API: its survey must be the last save the API confirmed, its quiz, closing and score right.
// Reported: save p50/p90/p99/max, achieved rate, errors, lost answers, the server's (and
// PostgreSQL's) CPU ms per request, the server's RSS at start, middle and end of the saves, and peak.
import { sampleRss } from '../lib.mjs';
import { answersOf, backendsCpu, canonical, client, cpuMs, pct, setup as submissionsSetup, warmUp } from './submissions.mjs';

export const name = 'rush-open';
const RATE = Number(process.env.BENCH_RUSH_RATE ?? 300);
const SECONDS = Number(process.env.BENCH_RUSH_SECONDS ?? 300);
/** undici's cap: never the limit (one save in flight per applicant at most, 500). */
const CONNECTIONS = 1000;

export const setup = submissionsSetup;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const figures = (ms) => {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p) => +pct(s, p).toFixed(1);
  return { count: s.length, p50: at(50), p90: at(90), p99: at(99), max: +(s.at(-1) ?? 0).toFixed(1) };
};

/**
 * Runs `start(k, due)` for k = 0 .. count - 1, each when due (`rate` a second from `t0`),
 * never early and never waiting for an earlier one; answers the promises and how late the starts were (ms).
 */
async function onSchedule(count, rate, t0, start) {
  const started = [];
  const late = [];
  for (let k = 0; k < count; k++) {
    const due = t0 + (k * 1000) / rate;
    while (performance.now() < due) await sleep(Math.max(1, due - performance.now()));
    late.push(performance.now() - due);
    started.push(start(k, due));
  }
  return { started, late };
}

export async function run({ product, databaseUrl, rush, early, uploaders, steps }) {
  const http = client(product.url, CONNECTIONS);
  await warmUp(http, rush, early, uploaders, steps);
  delete http.latencies.warm;

  const ip = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const total = Math.round(RATE * SECONDS);
  const applicants = rush.map((a, j) => ({
    ...a,
    /** Its saves in the run: those k with k mod 500 = j. */
    planned: Math.floor(total / rush.length) + (j < total % rush.length ? 1 : 0),
    headers: { ...a.headers, 'X-Forwarded-For': ip(a.i) },
    answers: answersOf(a.i),
    version: 0, // the fill screens opened during the warm-up: nothing saved yet
    queue: Promise.resolve(),
    inFlight: 0,
    saves: 0,
    confirmed: undefined,
    /** Saves sent after the last confirmed one whose answer was lost (they may have been written). */
    unconfirmed: [],
  }));
  let queued = 0;
  const save = async (a, k, due) => {
    const n = a.saves++;
    // Typing on: the first page, the whole survey, in turn, the last save whole (closing needs
    // it); each save's notes name it.
    const base = (a.planned - 1 - n) % 2 ? a.answers.partial : a.answers.survey;
    const content = { ...base, data: { ...base.data, notes: `save ${k} of applicant ${a.i}` } };
    const saved = await http.send(
      'save',
      'POST',
      '/api/Call/UpsertCallStepResult',
      a.headers,
      { callSubmissionId: a.submissionId, stepId: steps.survey, content, version: a.version },
      due,
    );
    if (saved) {
      a.version = saved.version;
      a.confirmed = content;
      a.unconfirmed = [];
    } else {
      a.unconfirmed.push(content);
      const s = await http.send('reread', 'GET', `/api/Call/GetSubmissionByID?submissionId=${a.submissionId}`, a.headers);
      a.version = s?.stepResults.find((r) => r.stepId === steps.survey)?.version ?? a.version;
    }
  };

  const rss = sampleRss(product.pid);
  const memory = { startMb: rss.current() };
  const middle = setTimeout(() => (memory.middleMb = rss.current()), (SECONDS * 1000) / 2);
  const cpuBefore = cpuMs(product.pid);
  const pgBefore = await backendsCpu(databaseUrl);
  const t0 = performance.now() + 20;
  const { started, late } = await onSchedule(total, RATE, t0, (k, due) => {
    const a = applicants[k % applicants.length];
    // One save in flight per applicant: a save due while the previous one is out waits for it.
    if (a.inFlight++) queued++;
    a.queue = a.queue.then(() => save(a, k, due)).finally(() => a.inFlight--);
    return a.queue;
  });
  await Promise.all(started);
  const seconds = (performance.now() - t0) / 1000;
  clearTimeout(middle);
  memory.endMb = rss.current();
  memory.middleMb ??= memory.endMb;
  memory.peakMb = rss.stop();
  const requests = total + (http.latencies.reread?.length ?? 0);
  const serverCpuMsPerRequest = +((cpuMs(product.pid) - cpuBefore) / requests).toFixed(2);
  const pgAfter = await backendsCpu(databaseUrl);
  const pgMs = [...pgAfter].reduce((sum, [pid, ms]) => sum + ms - (pgBefore.get(pid) ?? 0), 0);
  const postgresCpuMsPerRequest = pgAfter.size ? +(pgMs / requests).toFixed(2) : null;
  const saveErrors = http.errors.length;

  // The deadline: each applicant who saved saves the quiz and closes, applicants starting at RATE / 2 a second (2 requests each).
  const closers = applicants.filter((a) => a.planned > 0);
  const closed = new Map();
  const closing = await onSchedule(closers.length, RATE / 2, performance.now() + 20, async (j, due) => {
    const a = closers[j];
    const quiz = await http.send(
      'quiz',
      'POST',
      '/api/Call/UpsertCallStepResult',
      a.headers,
      { callSubmissionId: a.submissionId, stepId: steps.quiz, content: a.answers.quiz, version: 0 },
      due,
    );
    if (quiz)
      closed.set(a.i, await http.send('close', 'POST', `/api/Call/CloseCallSubmission?callSubmissionId=${a.submissionId}`, a.headers));
  });
  await Promise.all(closing.started);

  // Read every submission back as its applicant sees it.
  const lost = [];
  let unconfirmedKept = 0;
  let notClosed = 0;
  let wrongScores = 0;
  await onSchedule(closers.length, RATE, performance.now(), async (j) => {
    const a = closers[j];
    const s = await http.send('readBack', 'GET', `/api/Call/GetSubmissionByID?submissionId=${a.submissionId}`, a.headers);
    const got = canonical(s?.stepResults.find((r) => r.stepId === steps.survey)?.content);
    const quiz = canonical(s?.stepResults.find((r) => r.stepId === steps.quiz)?.content);
    if (got !== canonical(a.confirmed)) {
      if (a.unconfirmed.some((c) => canonical(c) === got)) unconfirmedKept++;
      else
        lost.push(
          `applicant ${a.i}: has "${s ? JSON.parse(got ?? 'null')?.data?.notes : 'unreadable'}", confirmed "${a.confirmed?.data.notes}"`,
        );
    }
    if (quiz !== canonical(a.answers.quiz)) lost.push(`applicant ${a.i}: the quiz differs`);
    if (!s?.closed || !s.closedAt || !closed.get(a.i)?.closed) notClosed++;
    if (s && Math.abs((s.quizScore ?? -1) - a.answers.quizScore) > 1e-9) wrongScores++;
  }).then((r) => Promise.all(r.started));
  http.close();

  const saveMs = http.latencies.save ?? [];
  return {
    [`open-loop rush: ${RATE} saves/s for ${SECONDS} s over ${applicants.length} applicants, then quiz and close`]: {
      targetRate: RATE,
      seconds: +seconds.toFixed(1),
      saves: saveMs.length,
      achievedRate: Math.round(saveMs.length / seconds),
      save: figures(saveMs),
      /** How late this process started saves against the schedule (its own lag: counted in `save` too). */
      startLateMs: figures(late),
      /** Saves due while their applicant's previous save was unanswered. */
      savesQueuedBehindPrevious: queued,
      applicantsClosing: closers.length,
      quiz: figures(http.latencies.quiz ?? []),
      close: figures(http.latencies.close ?? []),
      readBack: figures(http.latencies.readBack ?? []),
      serverCpuMsPerRequest,
      postgresCpuMsPerRequest,
      rssMb: memory,
      errors: http.errors.length,
      saveErrors,
      lostAnswers: lost.length,
      unconfirmedSavesKept: unconfirmedKept,
      notClosed,
      wrongQuizScores: wrongScores,
      ...(http.errors.length ? { firstErrors: http.errors.slice(0, 5) } : {}),
      ...(lost.length ? { firstLost: lost.slice(0, 5) } : {}),
    },
  };
}

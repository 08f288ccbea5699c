// Issue 5: the deadline rush and uploads.
// - Deadline rush: 500 applicants (one user and one organization each, each with a submission
//   to the same open call) save their answers (a survey saved twice, as autosave does, and a
//   quiz) and close, 100 requests in flight at all times. Every submission is then read back
//   through GetSubmissionByID: each answer must equal what was sent, each submission closed
//   with the quiz score its answers earn. Targets: no error, no lost answer, save p99 < 150 ms.
// - Upload: a 5 MB PDF through POST /api/FileUpload/UploadFile, end to end (target < 1 s), then
//   50 concurrent 5 MB uploads with the server's RSS sampled every 20 ms (target: flat, i.e.
//   the peak grows far less than 50 x 5 MB: files stream to disk, never whole in memory).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { Pool as UndiciPool } from 'undici';
import { accessToken } from '../lib.mjs';

export const name = 'submissions';
const APPLICANTS = 500;
/** Applicants who fill and close during the warm-up (not counted), so every path of the rush has run before it. */
const WARM_APPLICANTS = 100;
const UPLOADERS = 50;
const CONNECTIONS = 100;
const FILE_BYTES = 5 * 1024 * 1024;
const SINGLE_UPLOADS = 5;
const STEP_TYPES = {
  text: '5e0c0001-0000-4000-8000-000000000001',
  upload: '5e0c0001-0000-4000-8000-000000000002',
  results: '5e0c0001-0000-4000-8000-000000000004',
  survey: '5e0c0001-0000-4000-8000-000000000005',
  quiz: '5e0c0001-0000-4000-8000-000000000006',
};
const QUIZ_KEY = { q1: 'b', q2: 'c', q3: 'a', q4: 'd' };
const SECTORS = ['education', 'health', 'environment', 'inclusion', 'culture'];

/** A call as an administrator builds it: text, survey (two pages), quiz, an optional PDF slot, results. */
const STEPS = [
  { name: 'Welcome', stepTypeId: STEP_TYPES.text, content: { html: '<p>Read the rules of the call before you start.</p>' } },
  {
    name: 'About the project',
    stepTypeId: STEP_TYPES.survey,
    content: {
      pages: [
        {
          name: 'project',
          elements: [
            { type: 'text', name: 'title', title: 'Project title', isRequired: true },
            { type: 'comment', name: 'mission', title: 'What the project changes', isRequired: true },
            { type: 'dropdown', name: 'sector', title: 'Sector', choices: SECTORS, isRequired: true },
          ],
        },
        {
          name: 'numbers',
          elements: [
            { type: 'text', inputType: 'number', name: 'beneficiaries', title: 'People reached', isRequired: true },
            { type: 'text', inputType: 'number', name: 'budget', title: 'Budget (EUR)' },
            { type: 'checkbox', name: 'partners', title: 'Partners', choices: ['school', 'municipality', 'charity', 'company'] },
            { type: 'comment', name: 'notes', title: 'Notes' },
          ],
        },
      ],
    },
  },
  {
    name: 'Knowledge check',
    stepTypeId: STEP_TYPES.quiz,
    content: {
      pages: [
        {
          elements: Object.entries(QUIZ_KEY).map(([q, correctAnswer]) => ({
            type: 'radiogroup',
            name: q,
            title: `Question ${q}`,
            choices: ['a', 'b', 'c', 'd'],
            correctAnswer,
          })),
        },
      ],
    },
  },
  {
    name: 'Documents',
    stepTypeId: STEP_TYPES.upload,
    content: [
      { file_name: 'Project plan', file_description: 'PDF, up to 5 MB', file_type: 'pdf', dimensions: FILE_BYTES, mandatory: false },
    ],
  },
  { name: 'Your results', stepTypeId: STEP_TYPES.results, content: { lowerScore: 0, upperScore: 1 } },
];

/** Applicant i's answers: distinct per applicant, as SurveyJS sends them (already in stored form). */
export function answersOf(i) {
  const mission =
    `Applicant ${i} runs after-school workshops in neighbourhood ${i % 37}: homework help, sport and music ` +
    `for children whose families cannot afford them. ${'We measure attendance and school results every term. '.repeat(1 + (i % 6))}`;
  const partial = { data: { title: `Project ${i}: open doors`, mission }, currentPageNo: 0, completed: false };
  const survey = {
    data: {
      title: `Project ${i}: open doors`,
      mission,
      sector: SECTORS[i % SECTORS.length],
      beneficiaries: 50 + i,
      budget: 10_000 + 137 * i,
      partners: ['school', 'municipality', 'charity', 'company'].filter((_, k) => (i >> k) & 1),
      notes: `Notes of applicant ${i} — città, déjà vu, “quotes”.`,
    },
    currentPageNo: 1,
    completed: true,
  };
  // Question k is answered right when bit k of i is set; the last question is left unanswered for one in five.
  const data = {};
  const keys = Object.keys(QUIZ_KEY);
  keys.forEach((q, k) => {
    if (k === keys.length - 1 && i % 5 === 0) return;
    data[q] = (i >> k) & 1 ? QUIZ_KEY[q] : QUIZ_KEY[q] === 'a' ? 'b' : 'a';
  });
  const answered = Object.keys(data).length;
  const correct = Object.entries(data).filter(([q, v]) => QUIZ_KEY[q] === v).length;
  return { partial, survey, quiz: { data, currentPageNo: 0, completed: true }, quizScore: correct / answered };
}

/** A real PDF of exactly `size` bytes: catalog, one page, and an embedded binary stream filling the rest. */
export function pdfOfSize(size) {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << >> >>',
  ];
  let text = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets = [];
  objects.forEach((body, k) => {
    offsets.push(text.length);
    text += `${k + 1} 0 obj\n${body}\nendobj\n`;
  });
  offsets.push(text.length);
  const xrefTable = (xref) =>
    `xref\n0 5\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}` +
    `trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const head = (n) => `4 0 obj\n<< /Type /EmbeddedFile /Length ${n} >>\nstream\n`;
  const tail = '\nendstream\nendobj\n';
  // The stream's length and the xref offset have as many digits as the size (true from a few KB on).
  const digits = String(size).length;
  const placeholder = '9'.repeat(digits);
  const streamLength = size - text.length - head(placeholder).length - tail.length - xrefTable(placeholder).length;
  const prefix = text + head(streamLength);
  const xref = prefix.length + streamLength + tail.length;
  const file = Buffer.concat([Buffer.from(prefix, 'latin1'), randomBytes(streamLength), Buffer.from(tail + xrefTable(xref), 'latin1')]);
  if (file.length !== size) throw new Error(`PDF of ${file.length} bytes, wanted ${size}`);
  return file;
}

const rssKb = async (pid) => {
  const { readFile } = await import('node:fs/promises');
  return Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))[1]);
};
/** CPU time of a process so far (user + system), in ms: meaningful even when the machine is shared. */
export const cpuMs = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10; // clock ticks of 1/100 s
};
/**
 * CPU time (ms) of the PostgreSQL backends serving `databaseUrl`, by backend pid: readable when
 * the server runs on this machine (the embedded one, or a local DATABASE_URL), else empty.
 */
export async function backendsCpu(databaseUrl) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const { rows } = await c.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
  await c.end();
  const out = new Map();
  for (const { pid } of rows) {
    try {
      out.set(pid, cpuMs(pid));
    } catch {
      /* another machine's process, or gone */
    }
  }
  return out;
}

const mb = (kb) => Math.round(kb / 1024);
export const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);
export const stats = (ms) => {
  const s = [...ms].sort((a, b) => a - b);
  return {
    count: s.length,
    p50: +pct(s, 50).toFixed(1),
    p95: +pct(s, 95).toFixed(1),
    p99: +pct(s, 99).toFixed(1),
    max: +(s.at(-1) ?? 0).toFixed(1),
  };
};

/** JSON with object keys sorted: jsonb does not keep key order. */
export const canonical = (v) =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
          .join(',')}}`
      : JSON.stringify(v);

/**
 * The simulated browsers: a keep-alive client (undici) with at most `connections` sockets; every
 * request's latency is recorded (from `started`: an open-loop load passes the time it was due).
 * undici, not node:http: the browsers share the machine with the server, and every millisecond
 * of CPU they spend is one the server does not get.
 */
export function client(baseUrl, connections = CONNECTIONS) {
  const agent = new UndiciPool(baseUrl, { connections, pipelining: 1, keepAliveTimeout: 120_000 });
  const errors = [];
  const latencies = {};
  const send = async (label, method, path, headers, body, started = performance.now()) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    try {
      const res = await agent.request({
        method,
        path,
        headers: payload ? { ...headers, 'content-type': 'application/json' } : headers,
        body: payload,
      });
      const text = await res.body.text();
      (latencies[label] ??= []).push(performance.now() - started);
      if (res.statusCode >= 300) {
        errors.push(`${label} ${res.statusCode} ${text.slice(0, 200)}`);
        return undefined;
      }
      return text ? JSON.parse(text) : null;
    } catch (e) {
      errors.push(`${label} ${e.message}`);
      return undefined;
    }
  };
  return { send, errors, latencies, close: () => agent.close() };
}

/** Runs `work(item)` over `items` with `concurrency` of them in flight. */
async function pool(items, concurrency, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

export async function setup({ product, databaseUrl }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const run = Date.now();
  const secret = product.jwtSecret();
  const [{ id: adminId }] = (
    await db.query(
      `INSERT INTO app_user (email, first_name, last_name, roles, issuer, subject) VALUES ($1, 'Bench', 'Admin', '{admin}', 'bench', $2) RETURNING id`,
      [`bench-sub-admin-${run}@example.org`, randomUUID()],
    )
  ).rows;
  const adminHeaders = {
    Authorization: `Bearer ${await accessToken(secret, product.url, adminId, databaseUrl)}`,
    'Content-Type': 'application/json',
  };

  // The call, through the console's API (step contents checked, the quiz key split out as in production).
  const day = 86_400_000;
  const res = await fetch(`${product.url}/api/Call/CreateCall`, {
    method: 'POST',
    headers: adminHeaders,
    body: JSON.stringify({
      name: `Deadline rush ${run}`,
      description: '<p>Grants for neighbourhood projects.</p>',
      openingAt: new Date(run - 30 * day).toISOString(),
      closingAt: new Date(run + day).toISOString(),
      callType: { steps: STEPS },
    }),
  });
  const call = await res.json();
  if (!res.ok) throw new Error(`CreateCall: ${res.status} ${JSON.stringify(call).slice(0, 500)}`);
  const stepId = (n) => call.callType.steps.find((s) => s.name === n).id;
  const steps = { survey: stepId('About the project'), quiz: stepId('Knowledge check'), upload: stepId('Documents') };

  // Applicants (the rush's, the warm-up's, then the uploaders'): a user, their organization, a submission each.
  const n = APPLICANTS + WARM_APPLICANTS + UPLOADERS;
  const emails = Array.from({ length: n }, (_, i) => `bench-sub-${run}-${i}@example.org`);
  const users = (
    await db.query(
      `INSERT INTO app_user (email, first_name, last_name, roles, issuer, subject)
       SELECT e, 'Applicant', 'N' || o, '{}', 'bench', gen_random_uuid()::text FROM unnest($1::text[]) WITH ORDINALITY AS t(e, o)
       RETURNING id, email`,
      [emails],
    )
  ).rows;
  const userOf = new Map(users.map((u) => [u.email, u.id]));
  const userIds = emails.map((e) => userOf.get(e));
  const orgs = (
    await db.query(
      `INSERT INTO organization (name, reg_number, street_name, city_name, country, contact_name, contact_surname, contact_role, contact_email, personal_data, created_by_id)
       SELECT 'Bench association ' || o, 'IT' || lpad(o::text, 9, '0'), 'Via Roma ' || o, 'Milano', 'Italia', 'Anna', 'Rossi', 'President', 'anna' || o || '@example.org', true, u
         FROM unnest($1::uuid[]) WITH ORDINALITY AS t(u, o)
       RETURNING id, created_by_id`,
      [userIds],
    )
  ).rows;
  const orgOf = new Map(orgs.map((o) => [o.created_by_id, o.id]));
  const orgIds = userIds.map((u) => orgOf.get(u));
  await db.query(
    `INSERT INTO organization_member (organization_id, user_id, role) SELECT o, u, 'owner' FROM unnest($1::uuid[], $2::uuid[]) AS t(o, u)`,
    [orgIds, userIds],
  );
  const subs = (
    await db.query(
      `INSERT INTO call_submission (call_id, organization_id, user_id, code, closed)
       SELECT $1, o, u, 'R' || $2 || '-' || n, false FROM unnest($3::uuid[], $4::uuid[]) WITH ORDINALITY AS t(o, u, n)
       RETURNING id, organization_id`,
      [call.id, String(run).slice(-6), orgIds, userIds],
    )
  ).rows;
  const subOf = new Map(subs.map((s) => [s.organization_id, s.id]));
  await db.end();

  const applicants = [];
  for (let i = 0; i < n; i++) {
    const token = await accessToken(secret, product.url, userIds[i], databaseUrl);
    applicants.push({
      i,
      submissionId: subOf.get(orgIds[i]),
      headers: { Authorization: `Bearer ${token}`, SelectedOrganizationId: orgIds[i] },
    });
  }
  return {
    rush: applicants.slice(0, APPLICANTS),
    early: applicants.slice(APPLICANTS, APPLICANTS + WARM_APPLICANTS),
    uploaders: applicants.slice(APPLICANTS + WARM_APPLICANTS),
    steps,
  };
}

/**
 * Before the deadline: every applicant has the fill screen open (its submission read once, as
 * the screen does when it opens), the uploaders autosave, early applicants fill and close their
 * applications, and the browsers hold their connections. So the rush measures a server that
 * has been serving (every path it takes compiled by V8, the sign-ins done), not its first
 * minutes. Not counted. Answers the number of requests.
 */
export async function warmUp(http, rush, early, uploaders, steps) {
  const open = (a) => http.send('warm', 'GET', `/api/Call/GetSubmissionByID?submissionId=${a.submissionId}`, a.headers);
  const autosave = async (a) => {
    let version = 0;
    for (let k = 0; k < 4; k++) {
      const answers = answersOf(a.i);
      const saved = await http.send('warm', 'POST', '/api/Call/UpsertCallStepResult', a.headers, {
        callSubmissionId: a.submissionId,
        stepId: steps.survey,
        content: k % 2 ? answers.survey : answers.partial,
        version,
      });
      version = saved?.version ?? version;
    }
  };
  await pool([...uploaders.map((a) => () => autosave(a)), ...rush.map((a) => () => open(a))], CONNECTIONS, (task) => task());
  await pool(early, CONNECTIONS, (a) => fillAndClose(http, a, steps, 'warm'));
  if (http.errors.length) throw new Error(`warm-up: ${http.errors[0]}`);
  return http.latencies.warm.length;
}

/**
 * One applicant at the deadline: the survey saved half-way, then complete (with the version the
 * first save answered), the quiz saved, the submission closed. Answers what closing answered.
 * Latencies are recorded as `save` and `close`, or all as `label`.
 */
async function fillAndClose(http, a, steps, label) {
  const answers = answersOf(a.i);
  const save = (stepId, content, version) =>
    http.send(label ?? 'save', 'POST', '/api/Call/UpsertCallStepResult', a.headers, {
      callSubmissionId: a.submissionId,
      stepId,
      content,
      version,
    });
  const first = await save(steps.survey, answers.partial, 0);
  if (!first) return undefined;
  if (!(await save(steps.survey, answers.survey, first.version))) return undefined;
  if (!(await save(steps.quiz, answers.quiz, 0))) return undefined;
  return http.send(label ?? 'close', 'POST', `/api/Call/CloseCallSubmission?callSubmissionId=${a.submissionId}`, a.headers);
}

/**
 * Row updates so far of the tables every save rewrites, and how many were HOT (in place, no index
 * entry written): PostgreSQL's statistics, sent within a second or so (pg_stat_force_next_flush).
 */
async function updateCounts(databaseUrl) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  await c.query('SELECT pg_stat_force_next_flush()').catch(() => undefined);
  const { rows } = await c.query(
    `SELECT sum(n_tup_upd)::int AS updates, sum(n_tup_hot_upd)::int AS hot FROM pg_stat_user_tables WHERE relname IN ('call_submission', 'step_result')`,
  );
  await c.end();
  return rows[0];
}

/** Every applicant: survey saved half-way, then complete, quiz saved, submission closed. */
export async function deadlineRush(product, databaseUrl, rush, steps, http = client(product.url)) {
  const closed = new Map();
  const cpuBefore = cpuMs(product.pid);
  const pgBefore = await backendsCpu(databaseUrl);
  const updatesBefore = await updateCounts(databaseUrl);
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  await pool(rush, CONNECTIONS, async (a) => closed.set(a.i, await fillAndClose(http, a, steps)));
  const seconds = (performance.now() - started) / 1000;
  const requests = (http.latencies.save?.length ?? 0) + (http.latencies.close?.length ?? 0);
  const serverCpuMsPerRequest = +((cpuMs(product.pid) - cpuBefore) / requests).toFixed(2);
  // This process: the 100 simulated browsers (on a real deadline they are not on the server's machine).
  const client = process.cpuUsage(clientBefore);
  const clientCpuMsPerRequest = +((client.user + client.system) / 1000 / requests).toFixed(2);
  // Backends opened during the rush count whole.
  const pgAfter = await backendsCpu(databaseUrl);
  const pgMs = [...pgAfter].reduce((sum, [pid, ms]) => sum + ms - (pgBefore.get(pid) ?? 0), 0);
  const postgresCpuMsPerRequest = pgAfter.size ? +(pgMs / requests).toFixed(2) : null;
  // The backends' statistics reach the collector when they go idle: a moment after the rush.
  await new Promise((r) => setTimeout(r, 1500));
  const updatesAfter = await updateCounts(databaseUrl);
  const rowUpdates = updatesAfter.updates - updatesBefore.updates;
  const hotUpdatesPercent = rowUpdates ? Math.round((100 * (updatesAfter.hot - updatesBefore.hot)) / rowUpdates) : null;

  // Read every submission back as its applicant sees it.
  const lost = [];
  const notClosed = [];
  const wrongScores = [];
  await pool(rush, CONNECTIONS, async (a) => {
    const s = await http.send('readBack', 'GET', `/api/Call/GetSubmissionByID?submissionId=${a.submissionId}`, a.headers);
    const answers = answersOf(a.i);
    const result = (stepId) => s?.stepResults.find((r) => r.stepId === stepId)?.content;
    if (canonical(result(steps.survey)) !== canonical(answers.survey) || canonical(result(steps.quiz)) !== canonical(answers.quiz)) {
      lost.push(`applicant ${a.i}: ${s ? 'an answer differs from what was sent' : 'not readable'}`);
    }
    if (!s?.closed || !s.closedAt || !s.submittedAt || !closed.get(a.i)?.closed) notClosed.push(a.i);
    if (s && Math.abs((s.quizScore ?? -1) - answers.quizScore) > 1e-9) wrongScores.push(a.i);
  });
  http.close();
  const save = stats(http.latencies.save ?? []);
  return {
    applicants: rush.length,
    connections: CONNECTIONS,
    requests,
    seconds: +seconds.toFixed(1),
    requestsPerSecond: Math.round(requests / seconds),
    serverCpuMsPerRequest,
    postgresCpuMsPerRequest,
    clientCpuMsPerRequest,
    rowUpdates,
    hotUpdatesPercent,
    save,
    close: stats(http.latencies.close ?? []),
    readBack: stats(http.latencies.readBack ?? []),
    errors: http.errors.length,
    lostAnswers: lost.length,
    notClosed: notClosed.length,
    wrongQuizScores: wrongScores.length,
    ...(http.errors.length ? { firstErrors: http.errors.slice(0, 5) } : {}),
    ...(lost.length ? { firstLost: lost.slice(0, 5) } : {}),
    targets: {
      savePercentile99Under150Ms: save.p99 < 150,
      noError: http.errors.length === 0,
      noLostAnswer: lost.length === 0 && notClosed.length === 0 && wrongScores.length === 0,
    },
  };
}

async function upload(product, a, stepId, file, fileName) {
  const form = new FormData();
  form.append('CallSubmissionId', a.submissionId);
  form.append('StepId', stepId);
  form.append('SlotIndex', '0');
  form.append('Nome', `Project plan ${a.i}`);
  form.append('Descrizione', `The project plan of applicant ${a.i}`);
  form.append('File', new Blob([file], { type: 'application/pdf' }), fileName);
  const started = performance.now();
  const res = await fetch(`${product.url}/api/FileUpload/UploadFile`, { method: 'POST', headers: a.headers, body: form });
  const body = await res.json();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`UploadFile: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { ms, body };
}

/** One 5 MB upload timed end to end, then 50 at once with the server's RSS sampled every 20 ms. */
export async function uploads(product, uploaders, stepId) {
  if (!product.pid) throw new Error('startProduct must answer the server pid');
  const file = pdfOfSize(FILE_BYTES);
  const sha = createHash('sha256').update(file).digest('hex');

  const single = [];
  let last;
  for (let k = 0; k < SINGLE_UPLOADS; k++) {
    // Each upload replaces the slot's previous file.
    last = await upload(product, uploaders[0], stepId, file, 'project-plan.pdf');
    single.push(last.ms);
  }
  const down = await fetch(`${product.url}/api/FileUpload/GetFile?downloadId=${last.body.fileDownloadId}`, {
    headers: uploaders[0].headers,
  });
  const sameBytes =
    down.ok &&
    createHash('sha256')
      .update(Buffer.from(await down.arrayBuffer()))
      .digest('hex') === sha;

  await new Promise((r) => setTimeout(r, 500));
  const before = await rssKb(product.pid);
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await rssKb(product.pid));
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const started = performance.now();
  const results = await Promise.allSettled(uploaders.map((a) => upload(product, a, stepId, file, `plan-${a.i}.pdf`)));
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  await new Promise((r) => setTimeout(r, 1000));
  const after = await rssKb(product.pid);
  const failed = results.filter((r) => r.status === 'rejected');
  const leftovers = readdirSync(join(product.dataDir, 'incoming-uploads')).length;
  // Remove the files again (DeleteAttachment): a run leaves no 250 MB behind, and the stored bytes go with the rows.
  let removeErrors = 0;
  for (const [k, r] of results.entries()) {
    if (r.status !== 'fulfilled') continue;
    const res = await fetch(`${product.url}/api/FileUpload/DeleteAttachment?attachmentId=${r.value.body.id}`, {
      method: 'POST',
      headers: uploaders[k].headers,
    });
    if (res.status !== 204) removeErrors++;
  }
  const storedLeft = readdirSync(join(product.dataDir, 'files'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  const growthMb = mb(peak - before);
  const sorted = [...single].sort((x, y) => x - y);
  return {
    fileMb: FILE_BYTES / 1024 / 1024,
    single: { medianMs: Math.round(sorted[Math.floor(sorted.length / 2)]), maxMs: Math.round(sorted.at(-1)), downloadSameBytes: sameBytes },
    concurrent: {
      uploads: uploaders.length,
      seconds: +seconds.toFixed(2),
      perUpload: stats(results.filter((r) => r.status === 'fulfilled').map((r) => r.value.ms)),
      errors: failed.length,
      ...(failed.length ? { firstErrors: failed.slice(0, 3).map((r) => String(r.reason).slice(0, 300)) } : {}),
      rssBeforeMb: mb(before),
      rssPeakMb: mb(peak),
      rssAfterMb: mb(after),
      rssGrowthMb: growthMb,
      temporaryFilesLeft: leftovers,
      storedFilesLeftAfterRemoving: storedLeft,
    },
    targets: {
      singleUnder1s: sorted[Math.floor(sorted.length / 2)] < 1000,
      // Flat: the peak grows by far less than the 250 MB that buffering every file would take.
      memoryFlat: growthMb < (UPLOADERS * FILE_BYTES) / 1024 / 1024 / 5,
      noError: failed.length === 0 && sameBytes && leftovers === 0 && removeErrors === 0 && storedLeft === 0,
    },
  };
}

export async function run({ product, databaseUrl, rush, early, uploaders, steps }) {
  const http = client(product.url);
  const warmUpRequests = await warmUp(http, rush, early, uploaders, steps);
  const rushed = await deadlineRush(product, databaseUrl, rush, steps, http);
  // Uploads last: 50 files of 5 MB leave this process (the browsers) garbage whose collection
  // would pause the simulated browsers during the rush and count as the server's latency.
  return {
    [`warm-up: the fill screens open, uploaders autosave, ${WARM_APPLICANTS} early applicants fill and close (not counted)`]: {
      requests: warmUpRequests,
    },
    [`deadline rush: ${APPLICANTS} applicants save and close at ${CONNECTIONS} connections`]: rushed,
    [`upload a 5 MB PDF (1, then ${UPLOADERS} at once)`]: await uploads(product, uploaders, steps.upload),
  };
}

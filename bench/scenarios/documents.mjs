// Issue 16: documents.
// - The PDF of a fully filled submission (every step kind, 20 miniDyi indicators): warm median
//   under 150 ms, p95 under 400 ms; 20 asked at once: no error, RSS growth under 200 MB (the
//   product's: node and the Chromium it starts, sampled together as a total).
//   Side by side: a bare Chromium (puppeteer-core, same flags) printing a one-line page, the
//   floor of any HTML-to-PDF on this machine.
// - The Excel export of 100,000 submissions with 10 answers each: under 60 s, product RSS growth
//   under 150 MB during the export. Side by side: the same rows read by a bare pg client, page by page.
// - The ZIP of 200 PDFs: under 60 s.
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import pg from 'pg';
import { accessToken, sampleRss } from '../lib.mjs';
import { frameworkWorkbook } from './impact.mjs';

export const name = 'documents';

const EXPORT_SUBMISSIONS = Number(process.env.BENCH_EXPORT_SUBMISSIONS ?? 100_000);
const ZIP_PDFS = Number(process.env.BENCH_ZIP_PDFS ?? 200);
const KIND = {
  text: '5e0c0001-0000-4000-8000-000000000001',
  upload: '5e0c0001-0000-4000-8000-000000000002',
  miniDyi: '5e0c0001-0000-4000-8000-000000000003',
  results: '5e0c0001-0000-4000-8000-000000000004',
  survey: '5e0c0001-0000-4000-8000-000000000005',
  quiz: '5e0c0001-0000-4000-8000-000000000006',
};
const DAY = 86_400_000;

const rssMb = (pid) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);

/** The RSS of a process's descendants (Chromium's processes under the product), in MB; shared pages count in each. */
function childrenRssMb(pid) {
  return descendantsMb(pid, 'status', /VmRSS:\s+(\d+)/);
}

/** The PSS of a process and its descendants in MB: pages shared between Chromium's processes (its code, mostly) counted once overall. */
function treePssMb(pid) {
  return descendantsMb(pid, 'smaps_rollup', /^Pss:\s+(\d+)/m, true);
}

function descendantsMb(pid, file, pattern, withSelf = false) {
  const parent = new Map();
  for (const p of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      parent.set(Number(p), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone */
    }
  }
  let kb = 0;
  const isUnder = (p) => {
    if (withSelf && p === pid) return true;
    for (let q = parent.get(p); q; q = parent.get(q)) if (q === pid) return true;
    return false;
  };
  for (const p of parent.keys()) {
    if (!isUnder(p)) continue;
    try {
      kb += Number(pattern.exec(readFileSync(`/proc/${p}/${file}`, 'utf8'))?.[1] ?? 0);
    } catch {
      /* gone */
    }
  }
  return Math.round(kb / 1024);
}

async function json(res, expected = 200) {
  const text = await res.text();
  if (res.status !== expected) throw new Error(`${res.url}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function setup({ product, databaseUrl }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const user = async (email, roles) =>
    (
      await db.query(
        `INSERT INTO app_user (email, first_name, last_name, roles, issuer, subject) VALUES ($1, 'Bench', 'User', $2, 'bench', $3) RETURNING id`,
        [email, roles, randomUUID()],
      )
    ).rows[0].id;
  const stamp = Date.now().toString(36);
  const adminId = await user(`bench-docs-admin-${stamp}@example.org`, ['admin']);
  const applicantId = await user(`bench-docs-applicant-${stamp}@applicant.test`, []);
  const admin = { Authorization: `Bearer ${await accessToken(product.jwtSecret(), product.url, adminId, databaseUrl)}` };
  const applicant = { Authorization: `Bearer ${await accessToken(product.jwtSecret(), product.url, applicantId, databaseUrl)}` };
  const api = (path, init = {}) => fetch(`${product.url}${path}`, init);

  // A framework of 20 outcomes (5 indicators each, one proxy), imported as an administrator would.
  const form = new FormData();
  form.append('name', `Bench documents ${stamp}`);
  form.append('description', 'For the documents bench');
  form.append('file', new Blob([await frameworkWorkbook(100)]), 'framework.xlsx');
  const framework = await json(await api('/api/admin/impact-framework/import', { method: 'POST', headers: admin, body: form }), 201);
  const fw = await json(await api(`/api/ImpactFramework/GetImpactFrameworkById?ImpactFrameworkId=${framework.id}`, { headers: admin }));

  // A call with every step kind.
  const questions = Array.from({ length: 10 }, (_, i) =>
    i % 2
      ? {
          type: 'radiogroup',
          name: `q${i}`,
          title: `Question ${i}: which option fits best?`,
          choices: [
            { value: 'a', text: `Option A of ${i}` },
            { value: 'b', text: `Option B of ${i}` },
          ],
        }
      : { type: 'comment', name: `q${i}`, title: `Question ${i}: describe it in your words` },
  );
  const call = await json(
    await api('/api/Call/CreateCall', {
      method: 'POST',
      headers: { ...admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: `Bench documents ${stamp}`,
        description: '<p>Bench</p>',
        openingAt: new Date(Date.now() - DAY).toISOString(),
        closingAt: new Date(Date.now() + 30 * DAY).toISOString(),
        enableUserDownloadPdf: true,
        callType: {
          steps: [
            { name: 'Welcome', stepTypeId: KIND.text, content: { html: '<p>Welcome to the <strong>bench</strong> call.</p>'.repeat(5) } },
            {
              name: 'Documents',
              stepTypeId: KIND.upload,
              content: [
                { file_name: 'Project plan', file_description: 'PDF', file_type: 'pdf', dimensions: 1048576, mandatory: true },
                { file_name: 'Budget sheet', file_description: '', file_type: 'excel', dimensions: 1048576, mandatory: false },
              ],
            },
            { name: 'About you', stepTypeId: KIND.survey, content: { pages: [{ elements: questions }] } },
            {
              name: 'Quiz',
              stepTypeId: KIND.quiz,
              content: {
                pages: [
                  {
                    elements: [1, 2, 3, 4].map((n) => ({
                      type: 'radiogroup',
                      name: `k${n}`,
                      title: `Quiz ${n}`,
                      choices: ['yes', 'no'],
                      correctAnswer: 'yes',
                    })),
                  },
                ],
              },
            },
            {
              name: 'Impact design',
              stepTypeId: KIND.miniDyi,
              content: { frameworkId: fw.id, showSdgFilter: false, maxOutcomeSelect: 20, maxSdgSelect: 17 },
            },
            { name: 'Results', stepTypeId: KIND.results, content: { lowerScore: 0, upperScore: 1 } },
          ],
        },
      }),
    }),
  );
  const steps = Object.fromEntries(call.callType.steps.map((s) => [s.stepTypeName, s.id]));

  // The fully filled submission, through the API.
  const org = await json(
    await api('/api/Organization/CreateOrganization', {
      method: 'POST',
      headers: { ...applicant, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: `Bench org ${stamp}`,
        reg_number: 'IT01234567890',
        street_name: 'Via Roma 1',
        city_name: 'Milano',
        country: 'Italia',
        contact_name: 'Ada',
        contact_surname: 'Lovelace',
        contact_role: 'Director',
        contact_email: 'ada@applicant.test',
        personalData: true,
      }),
    }),
  );
  const h = { ...applicant, SelectedOrganizationId: org.id };
  const hj = { ...h, 'Content-Type': 'application/json' };
  const submission = await json(
    await api('/api/Call/UpsertCallSubmission', { method: 'POST', headers: hj, body: JSON.stringify({ callId: call.id }) }),
  );
  const upload = new FormData();
  upload.append('CallSubmissionId', submission.id);
  upload.append('StepId', steps.upload);
  upload.append('SlotIndex', '0');
  upload.append('Descrizione', 'The project plan');
  upload.append('File', new Blob([Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n'.padEnd(2000, ' '))]), 'plan.pdf');
  await json(await api('/api/FileUpload/UploadFile', { method: 'POST', headers: h, body: upload }));
  const answers = Object.fromEntries(
    questions.map((q, i) => [q.name, i % 2 ? 'a' : `An answer of a few sentences to question ${i}. `.repeat(6)]),
  );
  const save = (stepId, content) =>
    api('/api/Call/UpsertCallStepResult', {
      method: 'POST',
      headers: hj,
      body: JSON.stringify({ callSubmissionId: submission.id, stepId, content }),
    }).then((r) => json(r));
  await save(steps.survey, { data: answers, currentPageNo: 0, completed: true });
  await save(steps.quiz, { data: { k1: 'yes', k2: 'no', k3: 'yes', k4: 'yes' }, currentPageNo: 0, completed: true });
  const outcomes = fw.outcomes.slice(0, 20);
  await json(
    await api('/api/ImpactFramework/PutMiniDYI', {
      method: 'PUT',
      headers: hj,
      body: JSON.stringify({
        callSubmissionId: submission.id,
        stepId: steps.miniDyi,
        budget: 120000,
        budgetSpent: 5000,
        sdg: [...new Set(outcomes.map((o) => o.sdg))],
        selectedOutcomes: outcomes.map((o, i) => ({
          outcomeId: o.id,
          outcomeName: o.name,
          sdg: o.sdg,
          stakeholderId: fw.stakeholders[i % fw.stakeholders.length].id,
          stakeholderName: fw.stakeholders[i % fw.stakeholders.length].name,
          indicators: [
            {
              indicatorId: o.indicators[0].id,
              indicatorName: o.indicators[0].name,
              indicatorTargetValue: 10 + i,
              proxyId: o.indicators[0].proxies[0].id,
              proxyName: o.indicators[0].proxies[0].name,
              proxyValue: o.indicators[0].proxies[0].defaultValue,
            },
          ],
        })),
      }),
    }),
  );
  await json(await api(`/api/Call/CloseCallSubmission?callSubmissionId=${submission.id}`, { method: 'POST', headers: h }));

  // 199 more closed submissions of the same call, their answers copied (SQL): the ZIP of 200 PDFs.
  const copies = async (callId, count, prefix, source) => {
    await db.query('BEGIN');
    await db.query(
      `INSERT INTO organization (name, reg_number, street_name, city_name, country, contact_name, contact_surname, contact_role, contact_email, personal_data, created_by_id)
       SELECT $1 || i, 'IT' || lpad(i::text, 11, '0'), 'Via Roma ' || i, 'Milano', 'Italia', 'Ada', 'Lovelace', 'Director', 'ada' || i || '@applicant.test', true, $2
         FROM generate_series(1, $3) i`,
      [`${prefix} `, applicantId, count],
    );
    await db.query(
      `INSERT INTO call_submission (call_id, organization_id, user_id, code, closed, opened_at, submitted_at, closed_at, quiz_score, sroi_score)
       SELECT $1, o.id, $2, $3 || row_number() OVER (), true, now() - interval '2 days' + (row_number() OVER ()) * interval '1 second', now(), now(), 0.75, 3.2
         FROM organization o WHERE o.name LIKE $4`,
      [callId, applicantId, `${prefix.replace(/\W/g, '')}-`, `${prefix} %`],
    );
    await db.query(
      `INSERT INTO step_result (submission_id, step_id, content, score)
       SELECT s.id, r.step_id, r.content, r.score FROM call_submission s CROSS JOIN (${source}) r WHERE s.code LIKE $1`,
      [`${prefix.replace(/\W/g, '')}-%`],
    );
    await db.query('COMMIT');
  };
  await copies(
    call.id,
    ZIP_PDFS - 1,
    `Z${stamp}`,
    `SELECT step_id, content, score FROM step_result WHERE submission_id = '${submission.id}'`,
  );

  // The export: a call of one survey step of 10 questions, and EXPORT_SUBMISSIONS submissions answering all of them (SQL).
  const exportCall = await json(
    await api('/api/Call/CreateCall', {
      method: 'POST',
      headers: { ...admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: `Bench export ${stamp}`,
        description: '<p>Export</p>',
        openingAt: new Date(Date.now() - DAY).toISOString(),
        closingAt: new Date(Date.now() + 30 * DAY).toISOString(),
        callType: { steps: [{ name: 'Questions', stepTypeId: KIND.survey, content: { pages: [{ elements: questions }] } }] },
      }),
    }),
  );
  const surveyStep = exportCall.callType.steps[0].id;
  const startedSeeding = performance.now();
  await copies(
    exportCall.id,
    EXPORT_SUBMISSIONS,
    `E${stamp}`,
    `SELECT '${surveyStep}'::uuid AS step_id, '${JSON.stringify({ data: answers, currentPageNo: 0, completed: true }).replace(/'/g, "''")}'::jsonb AS content, NULL::numeric AS score`,
  );
  await db.query('ANALYZE');
  await db.end();
  console.log(`documents: seeded ${EXPORT_SUBMISSIONS} submissions in ${((performance.now() - startedSeeding) / 1000).toFixed(1)} s`);
  return { admin, submissionId: submission.id, callId: call.id, exportCallId: exportCall.id };
}

/** The bare floor: Chromium through puppeteer-core, same flags, one browser, a new page per one-line PDF; then one page reused. */
async function bareChromium(times) {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  const ms = [];
  const reused = [];
  try {
    for (let i = 0; i < times; i++) {
      const started = performance.now();
      const page = await browser.newPage();
      await page.setContent('<p>Hello</p>');
      await page.pdf({ format: 'A4' });
      await page.close();
      ms.push(performance.now() - started);
    }
    // The same with one page kept and reused (as the product does since its page pool).
    const page = await browser.newPage();
    for (let i = 0; i < times; i++) {
      const started = performance.now();
      await page.setContent('<p>Hello</p>');
      await page.pdf({ format: 'A4' });
      reused.push(performance.now() - started);
    }
  } finally {
    await browser.close();
  }
  return { ms, reused };
}

const figures = (ms) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { median: Math.round(percentile(sorted, 50)), p95: Math.round(percentile(sorted, 95)), n: ms.length };
};

export async function run({ product, databaseUrl, admin, submissionId, callId, exportCallId }) {
  const pdf = async () => {
    const started = performance.now();
    const res = await fetch(`${product.url}/api/admin/submissions/${submissionId}/pdf?lang=en`, { headers: admin });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200 || body.subarray(0, 5).toString() !== '%PDF-') throw new Error(`PDF: ${res.status}`);
    return { ms: performance.now() - started, bytes: body.length };
  };
  const out = {};
  // BENCH_DOCUMENTS=export measures the export alone (its memory is then not mixed with Chromium's start).
  if (process.env.BENCH_DOCUMENTS !== 'export') Object.assign(out, await pdfFigures(product, admin, callId, submissionId, pdf));
  Object.assign(out, await exportFigures(product, databaseUrl, admin, exportCallId));
  return out;
}

async function pdfFigures(product, admin, callId, submissionId, pdf) {
  // Warm: Chromium started and the code paths compiled.
  for (let i = 0; i < 8; i++) await pdf();
  const serial = [];
  let bytes = 0;
  for (let i = 0; i < 40; i++) {
    const r = await pdf();
    serial.push(r.ms);
    bytes = r.bytes;
  }
  const bare = await bareChromium(48);
  const floor = figures(bare.ms.slice(8));
  const reusedFloor = figures(bare.reused.slice(8));
  // What the PDF costs before printing: the same submission's PDF data (its reads and the
  // document built, as JSON), one at a time: the rest of a PDF's time is HTML and Chromium.
  const data = [];
  for (let i = 0; i < 40; i++) {
    const started = performance.now();
    const res = await fetch(`${product.url}/api/Call/GetAllAnswerForPdf?callId=${callId}&subId=${submissionId}&lang=en`, {
      headers: admin,
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GetAllAnswerForPdf: ${res.status}`);
    data.push(performance.now() - started);
  }

  // 20 at once. The product's memory is the node process's and that of the Chromium it starts:
  // both are measured, and their sum sampled at the same instants (total). RSS counts pages
  // shared between Chromium's processes once in each; PSS shares them out (counted once overall).
  const nodeBefore = rssMb(product.pid);
  const chromiumBefore = childrenRssMb(product.pid);
  const totalBefore = nodeBefore + chromiumBefore;
  const pssBefore = treePssMb(product.pid);
  const sampler = sampleRss(product.pid);
  let chromiumPeak = chromiumBefore;
  let totalPeak = totalBefore;
  let pssPeak = pssBefore;
  const chromiumTimer = setInterval(() => {
    const chromium = childrenRssMb(product.pid);
    chromiumPeak = Math.max(chromiumPeak, chromium);
    totalPeak = Math.max(totalPeak, chromium + rssMb(product.pid));
    pssPeak = Math.max(pssPeak, treePssMb(product.pid));
  }, 100);
  const startedBurst = performance.now();
  const burst = await Promise.allSettled(Array.from({ length: 20 }, () => pdf()));
  const burstSeconds = (performance.now() - startedBurst) / 1000;
  clearInterval(chromiumTimer);
  const nodePeak = sampler.stop();
  const errors = burst.filter((r) => r.status === 'rejected').length;

  // ZIP of 200 PDFs.
  const startedZip = performance.now();
  const zip = await fetch(`${product.url}/api/admin/exports/submissions/pdfs?filter=${encodeURIComponent(JSON.stringify({ callId }))}`, {
    headers: admin,
  });
  const zipBytes = (await zip.arrayBuffer()).byteLength;
  const zipSeconds = (performance.now() - startedZip) / 1000;
  if (zip.status !== 200) throw new Error(`ZIP: ${zip.status}`);
  return {
    'PDF of a fully filled submission (every step kind, 20 miniDyi indicators), one at a time, warm': {
      ...figures(serial),
      kb: Math.round(bytes / 1024),
      'bare Chromium one-line PDF (floor)': floor,
      'bare Chromium one-line PDF, one page reused': reusedFloor,
      'its data alone (GetAllAnswerForPdf: reads and document, no HTML, no Chromium)': figures(data),
    },
    'PDF, 20 asked at once': {
      errors,
      seconds: +burstSeconds.toFixed(2),
      nodeRssBeforeMb: nodeBefore,
      nodeRssGrowthMb: nodePeak - nodeBefore,
      chromiumRssBeforeMb: chromiumBefore,
      chromiumRssGrowthMb: chromiumPeak - chromiumBefore,
      totalRssBeforeMb: totalBefore,
      totalRssGrowthMb: totalPeak - totalBefore,
      totalPssGrowthMb: pssPeak - pssBefore,
    },
    [`ZIP of ${ZIP_PDFS} PDFs`]: { seconds: +zipSeconds.toFixed(1), mb: +(zipBytes / 1048576).toFixed(1) },
  };
}

async function exportFigures(product, databaseUrl, admin, exportCallId) {
  // Excel export of EXPORT_SUBMISSIONS submissions.
  const exportBefore = rssMb(product.pid);
  const exportSampler = sampleRss(product.pid);
  const startedExport = performance.now();
  const xlsx = await fetch(
    `${product.url}/api/admin/exports/submissions/xlsx?filter=${encodeURIComponent(JSON.stringify({ callId: exportCallId }))}`,
    {
      headers: admin,
    },
  );
  let xlsxBytes = 0;
  for await (const chunk of xlsx.body) xlsxBytes += chunk.length;
  const exportSeconds = (performance.now() - startedExport) / 1000;
  const exportPeak = exportSampler.stop();
  if (xlsx.status !== 200) throw new Error(`xlsx: ${xlsx.status}`);

  // The same rows read bare: keyset pages of 500 submissions, their answers, no spreadsheet.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const startedBare = performance.now();
  let cursor = null;
  let rows = 0;
  for (;;) {
    const page = await client.query(
      `SELECT s.id, s.opened_at::text AS at FROM call_submission s WHERE s.call_id = $1 ${cursor ? 'AND (s.opened_at, s.id) < ($2::timestamptz, $3::uuid)' : ''}
        ORDER BY s.opened_at DESC, s.id DESC LIMIT 500`,
      cursor ? [exportCallId, cursor.at, cursor.id] : [exportCallId],
    );
    if (!page.rows.length) break;
    rows += page.rows.length;
    await client.query('SELECT submission_id, step_id, content FROM step_result WHERE submission_id = ANY($1::uuid[])', [
      page.rows.map((r) => r.id),
    ]);
    cursor = page.rows[page.rows.length - 1];
    if (page.rows.length < 500) break;
  }
  const bareSeconds = (performance.now() - startedBare) / 1000;
  await client.end();

  return {
    [`Excel export of ${EXPORT_SUBMISSIONS} submissions x 10 answers`]: {
      seconds: +exportSeconds.toFixed(1),
      mb: +(xlsxBytes / 1048576).toFixed(1),
      rssBeforeMb: exportBefore,
      rssGrowthMb: exportPeak - exportBefore,
      'bare pg read of the same rows (seconds)': +bareSeconds.toFixed(1),
      rowsRead: rows,
    },
  };
}

/**
 * Documents (issue 16): the submission PDF rendered by Debian's Chromium and read back with
 * pdftotext, its data (GetAllAnswerForPdf), who may have it, the SSRF and file:// attempts,
 * the 503 path without Chromium, the Excel export read back with exceljs, the ZIP of PDFs
 * and the dossier (manifest checksums checked against the bytes).
 */
import { jest } from '@jest/globals';
import ExcelJS from 'exceljs';
import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from './app.js';
import { binary, DOC_SURVEY, filledSubmission, pdfPages, pdfText, unzip, type FilledSubmission } from './documents-fixtures.js';
import type { TestUser } from './factory.js';
import { PdfRenderer } from '../src/modules/documents/pdf-renderer.js';
import { DocumentsService } from '../src/modules/documents/documents.service.js';
import { EXPORT_PAGE } from '../src/modules/documents/excel-export.service.js';

jest.setTimeout(120_000);

let t: TestApp;
let admin: TestUser;
let full: FilledSubmission;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.factory.user({ admin: true });
  full = await filledSubmission(t, { indicators: 20 });
});
afterAll(() => t.close());

const pdfOf = (id: string, h: Record<string, string>, lang?: string) =>
  binary(
    t.http
      .get('/api/Call/GetSubmissionPdf')
      .query({ submissionId: id, ...(lang ? { lang } : {}) })
      .set(h),
  );

describe('the submission PDF', () => {
  it('holds every step as a person reads it, the miniDyi figures and page numbers (Italian)', async () => {
    const res = await pdfOf(full.submissionId, full.h, 'it').expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename="application-${full.code}.pdf"`);
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    // Header, organization, people
    for (const s of [full.callName, full.code, 'Organizzazione', 'IT01234567890', 'Referente', 'Director', 'Inviata'])
      expect(text).toContain(s);
    // Text step, upload slots (file, size, description; the empty slot), survey labels not values, quiz labels and score
    for (const s of [
      'Green Futures',
      'Project plan',
      'plan.pdf',
      'Our project plan for 2027',
      'Nessun file',
      'Qual è la vostra missione?',
      'Clean rivers for every town',
      'Meno di dieci persone',
      'Public health, Culture',
      'Registered as a non-profit?',
      'Sì',
      'Answer rome',
      'Not seven',
      'Punteggio del quiz: 75%',
    ])
      expect(text).toContain(s);
    expect(text).not.toMatch(/"small"|\{"|areas/);
    // miniDyi: budget, SDGs with names, every outcome and indicator, SROI and the 3-year figure
    expect(text).toContain('Budget richiesto');
    expect(text).toMatch(/50\.000,00\s?€/);
    expect(text).toContain('Sconfiggere la povertà');
    for (const name of full.outcomeNames) expect(text).toContain(name);
    expect(text).toContain('Indicator 20.1');
    expect(text).toContain('Valore sociale in 3 anni');
    expect(text).toMatch(/SROI: 1 : \d+,\d\d/);
    expect(text).toContain('Anno 3');
    // Footer with page numbers on every page
    const pages = pdfPages(pdf);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Pagina 1 di ${pages}`);
    expect(text).toContain(`Pagina ${pages} di ${pages}`);
  });

  it('is in the language asked (English, French)', async () => {
    const en = pdfText((await pdfOf(full.submissionId, full.h, 'en').expect(200)).body as Buffer).replace(/\s+/g, ' ');
    expect(en).toContain('What is your mission?');
    expect(en).toContain('Fewer than ten people');
    expect(en).toContain('Requested budget');
    expect(en).toContain('Page 1 of');
    expect(en).toContain('No poverty');
    const fr = pdfText(
      (
        await binary(
          t.http
            .get('/api/Call/GetSubmissionPdf')
            .query({ submissionId: full.submissionId })
            .set({ ...full.h, 'Accept-Language': 'fr-CA,fr;q=0.9' }),
        ).expect(200)
      ).body as Buffer,
    );
    expect(fr.replace(/\s+/g, ' ')).toContain('Budget demandé');
  });

  it('breaks long answers across pages, keeping all of the text', async () => {
    const long = Array.from({ length: 400 }, (_, i) => `Sentence ${i} of a very long story about rivers.`).join(' ') + ' THE-END-MARKER';
    const s = await filledSubmission(t, { indicators: 1, survey: { mission: 'x', story: long } });
    const pdf = (await pdfOf(s.submissionId, s.h, 'en').expect(200)).body as Buffer;
    expect(pdfPages(pdf)).toBeGreaterThan(2);
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain('Sentence 0 of a very long story');
    expect(text).toContain('Sentence 399 of a very long story');
    expect(text).toContain('THE-END-MARKER');
  });
});

describe('GetAllAnswerForPdf', () => {
  it("answers the spec's PDF data, with labels in the language", async () => {
    const res = await t.http
      .get('/api/Call/GetAllAnswerForPdf')
      .query({ callId: full.callId, subId: full.submissionId, lang: 'en' })
      .set(full.h)
      .expect(200);
    const d = res.body;
    expect(d).toMatchObject({
      callName: full.callName,
      submissionId: full.submissionId,
      submissionCode: full.code,
      closed: true,
      language: 'en',
    });
    expect(d.configLogo).toMatchObject({ dataUrl: null, width: 50, height: 50 });
    expect(d.organisation.regNumber).toBe('IT01234567890');
    expect(d.referent).toMatchObject({ name: 'Ada', surname: 'Lovelace', role: 'Director' });
    expect(d.sectionsForPDF.map((s: { kind: string }) => s.kind)).toEqual(['text', 'upload', 'survey', 'quiz', 'miniDyi', 'results']);
    const survey = d.sectionsForPDF[2].entries;
    expect(survey[1]).toEqual({ label: 'How large is the team?', value: 'Fewer than ten people', answered: true });
    expect(d.sectionsForPDF[3].score).toBe(0.75);
    expect(d.attachments).toHaveLength(1);
    expect(d.attachments[0]).toMatchObject({ slot: 'Project plan', fileName: 'plan.pdf', size: 900 });
    expect(d.miniDyi[0].outcomes).toHaveLength(20);
    expect(d.miniDyi[0].sdgs[0]).toMatchObject({ code: 1, colour: '#E5243B', name: 'No poverty' });
    expect(d.miniDyi[0].sroi.yearValues).toHaveLength(3);
    expect(d.miniDyi[0].sroi.ratio).toMatch(/^1 : /);
  });

  it('is 404 for another organization, another call, or an unknown id; administrators read any', async () => {
    const other = await t.factory.user();
    const otherOrg = await t.factory.organization(other);
    const q = { callId: full.callId, subId: full.submissionId };
    expect((await t.http.get('/api/Call/GetAllAnswerForPdf').query(q).set(other.headers(otherOrg.id))).status).toBe(404);
    expect(
      (
        await t.http
          .get('/api/Call/GetAllAnswerForPdf')
          .query({ ...q, callId: randomUUID() })
          .set(full.h)
      ).status,
    ).toBe(404);
    expect(
      (
        await t.http
          .get('/api/Call/GetAllAnswerForPdf')
          .query({ ...q, subId: randomUUID() })
          .set(full.h)
      ).status,
    ).toBe(404);
    expect((await t.http.get('/api/Call/GetAllAnswerForPdf').query(q).set(full.applicant.headers())).body.key).toBe(
      'errors.organization-required',
    );
    expect(
      (
        await t.http
          .get('/api/Call/GetAllAnswerForPdf')
          .query({ ...q, lang: 'de' })
          .set(full.h)
      ).status,
    ).toBe(400);
    expect((await t.http.get('/api/Call/GetAllAnswerForPdf').query(q).set(admin.headers())).status).toBe(200);
  });
});

describe('who gets the PDF', () => {
  it('applicants: only a closed submission of a call that offers it (409 with a key otherwise); never another organization', async () => {
    const open = await filledSubmission(t, { indicators: 1, closed: false });
    const res = await pdfOf(open.submissionId, open.h);
    expect(res.status).toBe(409);
    expect(JSON.parse(res.body.toString()).key).toBe('errors.pdf-not-submitted');
    const off = await filledSubmission(t, { indicators: 1, enableUserDownloadPdf: false });
    const refused = await pdfOf(off.submissionId, off.h);
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.body.toString()).key).toBe('errors.pdf-not-allowed');
    const other = await t.factory.user();
    const otherOrg = await t.factory.organization(other);
    expect((await pdfOf(full.submissionId, other.headers(otherOrg.id))).status).toBe(404);
    expect((await pdfOf(randomUUID(), full.h)).status).toBe(404);
    // Administrators: any, open or closed, on both routes.
    expect((await pdfOf(open.submissionId, admin.headers())).status).toBe(200);
    const console = await binary(t.http.get(`/api/admin/submissions/${off.submissionId}/pdf`).set(admin.headers())).expect(200);
    expect(pdfText(console.body as Buffer)).toContain(off.code);
    expect((await t.http.get(`/api/admin/submissions/${randomUUID()}/pdf`).set(admin.headers())).status).toBe(404);
    expect((await t.http.get(`/api/admin/submissions/${full.submissionId}/pdf`).set(full.h)).status).toBe(403);
  });
});

describe('safety of the page', () => {
  let canary: Server;
  let hits: string[];
  let port: number;
  beforeAll(async () => {
    hits = [];
    canary = createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      res.end('CANARY-BODY');
    });
    // Not even a TCP connection (Chromium preconnects ahead of requests): each one counts as a hit.
    canary.on('connection', (socket) => hits.push(`connection from ${socket.remotePort}`));
    await new Promise<void>((r) => canary.listen(0, '127.0.0.1', r));
    port = (canary.address() as AddressInfo).port;
  });
  afterAll(() => {
    canary.closeAllConnections();
    return new Promise<void>((r) => canary.close(() => r()));
  });

  const hostile = (p: number, refresh = true) =>
    [
      `<img src="http://127.0.0.1:${p}/img">`,
      `<iframe src="file:///etc/passwd"></iframe>`,
      `<iframe src="http://127.0.0.1:${p}/frame"></iframe>`,
      `<style>@import url("http://127.0.0.1:${p}/import.css"); body { background: url("http://127.0.0.1:${p}/bg.png") }</style>`,
      `<link rel="stylesheet" href="http://127.0.0.1:${p}/link.css">`,
      refresh ? `<meta http-equiv="refresh" content="0;url=http://127.0.0.1:${p}/refresh">` : '',
      `<script>fetch("http://127.0.0.1:${p}/script")</script>`,
      `<object data="file:///etc/passwd"></object><embed src="http://127.0.0.1:${p}/embed">`,
      `<base href="http://127.0.0.1:${p}/base/"><a href="x">link</a>`,
      `<svg><image href="http://127.0.0.1:${p}/svg.png"/></svg>`,
    ].join('\n');

  it("answers and administrators' HTML load nothing and show nothing of the file system", async () => {
    const s = await filledSubmission(t, { indicators: 1, survey: { mission: hostile(port), story: hostile(port) } });
    // An administrator's HTML that got past the save check (written by SQL): sanitized when rendered.
    await t.db.query(`UPDATE step SET content = $2 WHERE id = $1`, [
      s.stepIds.text,
      JSON.stringify({ html: `<p>Hello</p>${hostile(port)}` }),
    ]);
    await t.db.query(`SELECT pg_notify('ic_cache', 'steps-of:' || call_type_id) FROM step WHERE id = $1`, [s.stepIds.text]);
    await new Promise((r) => setTimeout(r, 300));
    const pdf = (await pdfOf(s.submissionId, s.h, 'en').expect(200)).body as Buffer;
    const text = pdfText(pdf);
    expect(hits).toEqual([]);
    expect(text).not.toMatch(/root:.*:0:0|CANARY-BODY/);
    // The answers are shown as the text typed, escaped.
    expect(text.replace(/\s+/g, ' ')).toContain(`<img src="http://127.0.0.1:${port}/img">`);
  });

  it('the renderer itself refuses every request but inline data, whatever the HTML', async () => {
    const renderer = t.app.get(PdfRenderer);
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const pdf = await renderer.render(
      `<!DOCTYPE html><html><body><h1>Raw page</h1>${hostile(port, false)}<img src="data:image/png;base64,${png}"></body></html>`,
    );
    expect(pdfText(pdf)).toContain('Raw page');
    expect(pdfText(pdf)).not.toMatch(/root:.*:0:0|CANARY-BODY/);
    // A refresh to the network is a navigation: refused too (the template never lets one through: the sanitizer drops <meta>).
    const refreshed = await renderer.render(`<!DOCTYPE html><html><head>${hostile(port)}</head><body>Refresh</body></html>`);
    expect(pdfText(refreshed)).not.toMatch(/root:.*:0:0|CANARY-BODY/);
    expect(hits).toEqual([]);
  });
});

describe('the renderer', () => {
  it('answers 20 PDFs asked at once (a bounded pool and a queue), each whole, in one renderer process', async () => {
    const renderer = t.app.get(PdfRenderer);
    await renderer.ready();
    const browserPid = (renderer as unknown as { browser: { process(): { pid: number } } }).browser.process().pid;
    const before = rendererProcesses(browserPid);
    let most = { pagesInUse: 0, queued: 0, renderers: 0 };
    const sample = setInterval(() => {
      const s = renderer.status();
      most = {
        pagesInUse: Math.max(most.pagesInUse, s.pagesInUse),
        queued: Math.max(most.queued, s.queued),
        renderers: Math.max(most.renderers, rendererProcesses(browserPid)),
      };
    }, 5);
    const results = await Promise.all(Array.from({ length: 20 }, () => pdfOf(full.submissionId, full.h, 'en')));
    clearInterval(sample);
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    // Each says when it was made: 20 renders may straddle a minute.
    const text = (body: unknown) => pdfText(body as Buffer).replace(/Generated on .* UTC/g, 'Generated on (time)');
    const first = text(results[0].body);
    expect(first).toContain(full.code);
    expect(first).toContain('Indicator 20.1');
    for (const r of results) expect(text(r.body)).toBe(first);
    expect(most.pagesInUse).toBeLessThanOrEqual(3); // PDF_CONCURRENCY
    expect(most.queued).toBeGreaterThan(0); // the rest waited their turn
    // --renderer-process-limit=1: the 3 pages made for the burst do not start a renderer each
    // (without it, each did: 20 at once grew Chromium by some 500 MB)
    // (a soft limit: Chromium still starts a second one at times; one per page made 3 to 6 here).
    expect(most.renderers - before).toBeLessThan(3);
  });

  it('starts Chromium again when it dies', async () => {
    const renderer = t.app.get(PdfRenderer);
    const browser = (renderer as unknown as { browser: { process(): { kill(sig: string): boolean } } }).browser;
    browser.process().kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 300));
    expect((await pdfOf(full.submissionId, full.h)).status).toBe(200);
    expect(renderer.status()).toMatchObject({ status: 'up', browser: 'running', restarts: 1 });
  });

  it('reuses its pages: a PDF holds nothing of the one before, and scripts stay off', async () => {
    const renderer = t.app.get(PdfRenderer);
    const first = await renderer.render(
      `<!DOCTYPE html><html><body><h1>FIRST-DOCUMENT</h1>${'<p>Long first page.</p>'.repeat(200)}</body></html>`,
    );
    expect(pdfText(first)).toContain('FIRST-DOCUMENT');
    const second = await renderer.render(
      `<!DOCTYPE html><html><body><h1>Second document</h1><script>document.write('SCRIPT-RAN')</script></body></html>`,
    );
    const text = pdfText(second);
    expect(text).toContain('Second document');
    expect(text).not.toMatch(/FIRST-DOCUMENT|Long first page|SCRIPT-RAN/);
    const idle = (renderer as unknown as { idle: unknown[] }).idle;
    expect(idle.length).toBeGreaterThan(0);
    expect(idle.length).toBeLessThanOrEqual(3);
  });

  it('exposes submissionPdf(submissionId, language) for other modules', async () => {
    const pdf = await t.app.get(DocumentsService).submissionPdf(full.submissionId, 'fr');
    expect(pdfText(pdf)).toContain('Budget demandé');
    await expect(t.app.get(DocumentsService).submissionPdf(randomUUID(), 'fr')).rejects.toMatchObject({
      key: 'errors.submission-not-found',
    });
  });
});

describe('without Chromium', () => {
  let broken: TestApp;
  beforeAll(async () => {
    broken = await createTestApp({ CHROMIUM_PATH: '/nonexistent/chromium', PDF_QUEUE_MAX: '0' });
  });
  afterAll(() => broken.close());

  it('the PDF endpoints answer 503 with a key, the rest works, and /api/health reports the renderer apart', async () => {
    const user = await broken.factory.user({ admin: true });
    const call = await broken.factory.call({ enableUserDownloadPdf: true });
    const a = await broken.factory.applicant(call.id);
    const res = await broken.http.get(`/api/admin/submissions/${a.submissionId}/pdf`).set(user.headers());
    expect(res.status).toBe(503);
    expect(res.body.key).toBe('errors.pdf-unavailable');
    expect((await broken.http.get(`/api/admin/submissions/${a.submissionId}/dossier`).set(user.headers())).status).toBe(503);
    expect((await broken.http.get('/api/Call/GetAllAnswerForPdf').query({ callId: call.id, subId: a.submissionId }).set(a.h)).status).toBe(
      200,
    );
    expect((await broken.http.get('/api/Call/GetSubmissionByID').query({ submissionId: a.submissionId }).set(a.h)).status).toBe(200);
    const health = await broken.http.get('/api/health').expect(200);
    expect(health.body.status).toBe('ok');
    expect(health.body.pdf).toMatchObject({ status: 'down' });
  });
});

describe('health', () => {
  it('reports the PDF renderer', async () => {
    const res = await t.http.get('/api/health').expect(200);
    expect(res.body.pdf).toMatchObject({ status: 'up', executable: '/usr/bin/chromium' });
  });
});

/** Chromium renderer processes under a browser process (from /proc). */
function rendererProcesses(browserPid: number): number {
  const parent = new Map<number, number>();
  for (const p of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      parent.set(Number(p), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone */
    }
  }
  let n = 0;
  for (const p of parent.keys()) {
    let under = false;
    for (let q = parent.get(p); q; q = parent.get(q)) if (q === browserPid) under = true;
    if (!under) continue;
    try {
      if (readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('--type=renderer')) n++;
    } catch {
      /* gone */
    }
  }
  return n;
}

// ------------------------------------------------------------------ Excel

async function workbookOf(res: { body: Buffer }): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.body as unknown as ArrayBuffer);
  return wb;
}

const exportXlsx = (filter: Record<string, unknown>, lang = 'en') =>
  binary(
    t.http
      .get('/api/admin/exports/submissions/xlsx')
      .query({ filter: JSON.stringify(filter), lang })
      .set(admin.headers()),
  );

describe('the Excel export', () => {
  it('has three sheets: submissions, answers, miniDyi rows, with typed cells and headers in the language', async () => {
    const res = await exportXlsx({ callId: full.callId }).expect(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/filename="submissions-\d{4}-\d\d-\d\d\.xlsx"/);
    const wb = await workbookOf(res);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Applications', 'Answers', 'Impact design']);
    const [s1, s2, s3] = wb.worksheets;
    expect(s1.getRow(1).getCell(1).value).toBe('Code');
    expect(s1.rowCount).toBe(2);
    const row = s1.getRow(2);
    const col = (ws: ExcelJS.Worksheet, name: string) => (ws.getRow(1).values as unknown[]).indexOf(name);
    expect(row.getCell(col(s1, 'Code')).value).toBe(full.code);
    expect(row.getCell(col(s1, 'Status')).value).toBe('Submitted');
    expect(row.getCell(col(s1, 'Started on')).value).toBeInstanceOf(Date);
    expect(row.getCell(col(s1, 'Submitted on')).value).toBeInstanceOf(Date);
    expect(row.getCell(col(s1, 'Quiz score')).value).toBe(0.75);
    expect(typeof row.getCell(col(s1, 'SROI')).value).toBe('number');
    expect(row.getCell(col(s1, 'Budget')).value).toBe(50000);
    expect(row.getCell(col(s1, 'Tax or VAT code')).value).toBe('IT01234567890');
    // Sheet 2: one row per answer, question titles and labels
    const answers = s2.getSheetValues().slice(2) as unknown[][];
    const q = (title: string) => answers.find((r) => r[4] === title);
    expect(q('How large is the team?')?.[5]).toBe('Fewer than ten people');
    expect(q('Areas of work')?.[5]).toBe('Public health, Culture');
    expect(q('Question q2')?.[5]).toBe('Not seven');
    expect(q('Project plan (mandatory)')?.[5]).toBe('plan.pdf');
    expect(answers.every((r) => r[1] === full.code)).toBe(true);
    // Sheet 3: the 20 indicators, numbers as numbers
    expect(s3.rowCount).toBe(21);
    const m = s3.getRow(2);
    expect(m.getCell(col(s3, 'SDG')).value).toBe('1 No poverty');
    expect(m.getCell(col(s3, 'Target')).value).toBe(10);
    expect(typeof m.getCell(col(s3, 'Proxy value')).value).toBe('number');
    expect(m.getCell(col(s3, 'Yearly value')).value).toBe(10 * (m.getCell(col(s3, 'Proxy value')).value as number));
  });

  it('pages through a selection larger than a page: every submission once, newest first, in each sheet', async () => {
    const call = await t.factory.call({ steps: [{ kind: 'survey', content: DOC_SURVEY }] });
    const count = 2 * EXPORT_PAGE + 3;
    for (let i = 0; i < count; i++) await t.factory.applicant(call.id);
    const wb = await workbookOf(await exportXlsx({ callId: call.id }).expect(200));
    const [s1, s2, s3] = wb.worksheets;
    expect(s1.rowCount).toBe(count + 1);
    const codes = (s1.getSheetValues().slice(2) as unknown[][]).map((r) => r[1] as string);
    expect(new Set(codes).size).toBe(count);
    const listed: string[] = [];
    for (let start = 0; start < count; start += 100) {
      const list = await t.http
        .get('/api/admin/submissions')
        .query({ filter: JSON.stringify({ callId: call.id }), sort: '["openedAt","DESC"]', range: JSON.stringify([start, start + 99]) })
        .set(admin.headers())
        .expect(200);
      listed.push(...(list.body as { code: string }[]).map((r) => r.code));
    }
    expect(codes).toEqual(listed);
    expect(s2.rowCount).toBe(1); // nobody answered yet
    expect(s3.rowCount).toBe(1);
  });

  it('headers follow the language; an empty selection gives headers only', async () => {
    const wb = await workbookOf(await exportXlsx({ callId: randomUUID() }, 'it').expect(200));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Candidature', 'Risposte', 'Impatto']);
    expect(wb.worksheets.map((w) => w.rowCount)).toEqual([1, 1, 1]);
    expect(wb.worksheets[0].getRow(1).getCell(1).value).toBe('Codice');
  });

  it('neutralizes text a spreadsheet would run as a formula', async () => {
    const s = await filledSubmission(t, { indicators: 1, survey: { mission: '=HYPERLINK("http://evil.example","x")', story: '@SUM(1)' } });
    const wb = await workbookOf(await exportXlsx({ callId: s.callId }).expect(200));
    const answers = (wb.worksheets[1].getSheetValues().slice(2) as unknown[][]).map((r) => r[5]);
    expect(answers).toContain(`'=HYPERLINK("http://evil.example","x")`);
    expect(answers).toContain(`'@SUM(1)`);
  });

  it('refuses filters outside the allowed set (400 with a key), never a 500', async () => {
    const bad = async (filter: unknown, key: string) => {
      const res = await t.http
        .get('/api/admin/exports/submissions/xlsx')
        .query({ filter: typeof filter === 'string' ? filter : JSON.stringify(filter) })
        .set(admin.headers());
      expect(res.status).toBe(400);
      expect(res.body.key).toBe(key);
    };
    await bad({ role: 'x' }, 'errors.export-filter');
    await bad({ status: 'lost' }, 'errors.list-query');
    await bad({ callId: '-'.repeat(36) }, 'errors.list-query');
    await bad({ openedFrom: 'yesterday' }, 'errors.list-query');
    await bad('{not json', 'errors.list-query');
    expect((await t.http.get('/api/admin/exports/submissions/xlsx').set(full.h)).status).toBe(403);
  });

  it('selects exactly what the submissions list shows, for each filter', async () => {
    const filters = [
      {},
      { status: 'closed' },
      { status: 'open' },
      { callId: full.callId },
      { organizationId: full.orgId },
      { q: full.code.slice(0, 6) },
      { openedFrom: new Date(Date.now() - 3600_000).toISOString() },
      { submittedTo: new Date(Date.now() + 3600_000).toISOString(), status: 'closed' },
    ];
    // Each filter within this file's call: other files write submissions to the same database at
    // the same time, and past 1,000 rows the list's total is an estimate (X-Total-Estimated).
    for (const filter of filters.map((f) => ({ callId: full.callId, ...f }))) {
      const list = await t.http
        .get('/api/admin/submissions')
        .query({ filter: JSON.stringify(filter), range: '[0,0]' })
        .set(admin.headers())
        .expect(200);
      expect(list.headers['x-total-estimated']).toBeUndefined();
      const total = Number(/\/(\d+)$/.exec(list.headers['content-range'])![1]);
      const wb = await workbookOf(await exportXlsx(filter).expect(200));
      expect({ filter, rows: wb.worksheets[0].rowCount - 1 }).toEqual({ filter, rows: total });
    }
  });
});

// ------------------------------------------------------------------ archives

describe('the ZIP of PDFs', () => {
  it('holds one PDF per submission of the filtered list, and says how many', async () => {
    const second = await filledSubmission(t, { indicators: 2 });
    const res = await binary(
      t.http
        .get('/api/admin/exports/submissions/pdfs')
        .query({ filter: JSON.stringify({ q: '', callId: second.callId }) })
        .set(admin.headers()),
    ).expect(200);
    expect(res.headers['x-document-count']).toBe('1');
    const entries = await unzip(res.body as Buffer);
    expect([...entries.keys()]).toEqual([`application-${second.code}.pdf`]);
    expect(pdfText(entries.get(`application-${second.code}.pdf`)!)).toContain(second.code);
    const all = await binary(
      t.http
        .get('/api/admin/exports/submissions/pdfs')
        .query({ filter: JSON.stringify({ status: 'closed' }) })
        .set(admin.headers()),
    ).expect(200);
    const names = [...(await unzip(all.body as Buffer)).keys()];
    expect(names.length).toBe(Number(all.headers['x-document-count']));
    expect(names).toContain(`application-${full.code}.pdf`);
    const none = await binary(
      t.http
        .get('/api/admin/exports/submissions/pdfs')
        .query({ filter: JSON.stringify({ callId: randomUUID() }) })
        .set(admin.headers()),
    ).expect(200);
    expect((await unzip(none.body as Buffer)).size).toBe(0);
  });
});

describe('the dossier', () => {
  it("holds the PDF, every file as '<slot> - <name>', and a manifest and index with sizes and SHA-256; empty slots listed", async () => {
    const res = await binary(
      t.http.get(`/api/admin/submissions/${full.submissionId}/dossier`).query({ lang: 'en' }).set(admin.headers()),
    ).expect(200);
    expect(res.headers['content-disposition']).toContain(`dossier-${full.code}.zip`);
    const entries = await unzip(res.body as Buffer);
    expect([...entries.keys()]).toEqual([
      `application-${full.code}.pdf`,
      'attachments/Project plan - plan.pdf',
      'manifest.json',
      'index.html',
    ]);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString());
    expect(manifest.submission).toMatchObject({ id: full.submissionId, code: full.code, status: 'closed' });
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    for (const part of manifest.parts.filter((p: { path?: string }) => p.path)) {
      expect({ path: part.path, size: part.size, sha256: part.sha256 }).toEqual({
        path: part.path,
        size: entries.get(part.path)!.length,
        sha256: sha(entries.get(part.path)!),
      });
    }
    expect(manifest.parts.find((p: { kind: string }) => p.kind === 'empty-slot')).toMatchObject({
      slot: 'Logo',
      slotIndex: 1,
      mandatory: false,
    });
    expect(entries.get('attachments/Project plan - plan.pdf')!.equals((await import('./factory.js')).testFiles.pdf(900))).toBe(true);
    const index = entries.get('index.html')!.toString();
    expect(index).toContain(sha(entries.get('attachments/Project plan - plan.pdf')!));
    expect(index).toContain('Empty: no file was attached');
    expect((await t.http.get(`/api/admin/submissions/${randomUUID()}/dossier`).set(admin.headers())).status).toBe(404);
  });

  it('for a filtered selection: one dossier ZIP per submission inside one ZIP', async () => {
    const res = await binary(
      t.http
        .get('/api/admin/exports/submissions/dossiers')
        .query({ filter: JSON.stringify({ callId: full.callId }) })
        .set(admin.headers()),
    ).expect(200);
    const outer = await unzip(res.body as Buffer);
    expect([...outer.keys()]).toEqual([`dossier-${full.code}.zip`]);
    const inner = await unzip(outer.get(`dossier-${full.code}.zip`)!);
    expect([...inner.keys()]).toContain('manifest.json');
  });
});

void DOC_SURVEY;

/**
 * Downloads that end early. Every streamed route (the submission PDF for an administrator and an
 * applicant, the ZIP of PDFs, the dossier, the ZIP of dossiers, the submissions .xlsx, the survey
 * report .xlsx, a file) is read to its first chunk over a real socket, which is then closed; and
 * a stored file vanishes while each export runs. Either way only that response ends: the work
 * behind it stops, no promise is left rejected without a handler, the API still answers, and the
 * same download completes when asked again.
 */
import { jest } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runInThisContext } from 'node:vm';
import { createTestApp, type TestApp } from './app.js';
import { filledSubmission, type FilledSubmission } from './documents-fixtures.js';
import { testFiles, type TestUser } from './factory.js';
import { ArchivesService } from '../src/modules/documents/archives.service.js';
import { ExcelExportService } from '../src/modules/documents/excel-export.service.js';
import { ReportExportService } from '../src/modules/reports/report-export.service.js';
import { FILE_STORAGE, type FileStorage } from '../src/modules/files/storage/file-storage.js';

jest.setTimeout(300_000);

/** Large enough that an archive holding it cannot be on its way whole when its first chunk arrives. */
const BIG = 2 * 1024 * 1024;
/** Further submissions of the call (open, each with a large image): exports of several dossiers. */
const MORE = 3;

let t: TestApp;
let admin: TestUser;
let port: number;

/**
 * Every unhandled rejection while this file runs: inside Jest one does not kill the process, so it
 * is looked for. The test's `process` is Jest's copy, whose listeners Node never calls: this one
 * goes on the process itself, beside Jest's own (which fails whichever test runs at the time).
 */
const nodeProcess = runInThisContext('process') as NodeJS.Process;
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);

/** The promises of the exports' work in flight: a route's work must end after its client went away. */
const working = new Set<Promise<unknown>>();

function track<T extends object>(instance: T, method: keyof T & string): void {
  const original = (instance[method] as (...args: unknown[]) => Promise<unknown>).bind(instance);
  Object.assign(instance, {
    [method]: (...args: unknown[]) => {
      const p = original(...args);
      working.add(p);
      p.then(
        () => working.delete(p),
        () => working.delete(p),
      );
      return p;
    },
  });
}

beforeAll(async () => {
  nodeProcess.on('unhandledRejection', onRejection);
  t = await createTestApp();
  admin = await t.factory.user({ admin: true });
  track(t.app.get(ArchivesService), 'pdfsZip');
  track(t.app.get(ArchivesService), 'dossierZip');
  track(t.app.get(ArchivesService), 'dossiersZip');
  track(t.app.get(ExcelExportService), 'write');
  track(t.app.get(ReportExportService), 'write');
  const server = t.app.getHttpServer();
  if (!server.listening) await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  port = (server.address() as AddressInfo).port;
});
// Each test answers for its own downloads only.
beforeEach(() => {
  rejections.length = 0;
  working.clear();
});
afterAll(async () => {
  nodeProcess.off('unhandledRejection', onRejection);
  await t.close();
});

interface Answer {
  status: number;
  /** The answer ended as it should (its whole body); false when the connection was cut. */
  complete: boolean;
  bytes: number;
}

/** GET over a socket of its own. `onFirstChunk` runs at the first bytes of the body; with `abort` the connection is then closed. */
function get(
  path: string,
  headers: Record<string, string>,
  o: { abort?: boolean; onFirstChunk?: () => Promise<void> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let status = 0;
    let bytes = 0;
    let settled = false;
    const done = (complete: boolean) => {
      if (settled) return;
      settled = true;
      resolve({ status, complete, bytes });
    };
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, agent: false });
    req.on('error', (e) => (status ? done(false) : reject(e)));
    req.on('response', (res) => {
      status = res.statusCode ?? 0;
      res.on('error', () => done(false));
      res.on('aborted', () => done(false));
      res.on('close', () => done(res.complete));
      let first = true;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (!first) return;
        first = false;
        if (o.abort) {
          req.destroy();
          done(false);
        } else if (o.onFirstChunk) {
          res.pause();
          o.onFirstChunk().then(
            () => res.resume(),
            (e: unknown) => {
              req.destroy();
              reject(e instanceof Error ? e : new Error(String(e)));
            },
          );
        }
      });
    });
    req.end();
  });
}

/** Waits until the exports' work has ended (bounded: work that waits forever fails the test), and a little for late rejections. */
async function settled(): Promise<void> {
  const until = Date.now() + 60_000;
  while (working.size && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  expect({ stillWorking: working.size }).toEqual({ stillWorking: 0 });
  await new Promise((r) => setTimeout(r, 300));
}

/** The API still answers, and nothing was left rejected. */
async function stillServing(): Promise<void> {
  await settled();
  expect(rejections.map(String)).toEqual([]);
  expect((await get('/api/health/live', {})).status).toBe(200);
  expect((await t.http.get('/api/health')).status).toBe(200);
}

/** A call whose submissions make exports of some size: a filled, closed one and MORE open ones with a large image each. */
async function bigCall(): Promise<{
  full: FilledSubmission;
  more: { submissionId: string; h: Record<string, string>; downloadId: string }[];
  upload: (s: { submissionId: string; h: Record<string, string> }) => Promise<{ downloadId: string; key: string }>;
}> {
  const full = await filledSubmission(t, { indicators: 2 });
  const upload = async (s: { submissionId: string; h: Record<string, string> }) => {
    const res = await t.http
      .post('/api/FileUpload/UploadFile')
      .set(s.h)
      .field('CallSubmissionId', s.submissionId)
      .field('StepId', full.stepIds.upload)
      .field('SlotIndex', '1')
      .attach('File', testFiles.png(BIG), 'logo.png')
      .expect(200);
    const body = res.body as { id: string; fileDownloadId: string };
    const key = ((await t.db.query('SELECT storage_key FROM attachment WHERE id = $1', [body.id])) as { storage_key: string }[])[0]
      .storage_key;
    return { downloadId: body.fileDownloadId, key };
  };
  const more = [];
  for (let i = 0; i < MORE; i++) {
    const a = await t.factory.applicant(full.callId);
    await t.http
      .post('/api/FileUpload/UploadFile')
      .set(a.h)
      .field('CallSubmissionId', a.submissionId)
      .field('StepId', full.stepIds.upload)
      .field('SlotIndex', '0')
      .attach('File', testFiles.pdf(900), 'plan.pdf')
      .expect(200);
    const s = { submissionId: a.submissionId, h: a.h };
    more.push({ ...s, downloadId: (await upload(s)).downloadId });
  }
  return { full, more, upload };
}

const ROUTES = [
  'submission PDF (applicant)',
  'submission PDF (administrator)',
  'ZIP of PDFs',
  'dossier',
  'ZIP of dossiers',
  'submissions .xlsx',
  'survey report .xlsx',
  'file',
];

/** The streamed routes of a call made by bigCall, with the headers each is asked with. */
function routes(c: Awaited<ReturnType<typeof bigCall>>): { name: string; path: string; headers: Record<string, string> }[] {
  const a = admin.headers();
  const filter = encodeURIComponent(JSON.stringify({ callId: c.full.callId }));
  return [
    { name: 'submission PDF (applicant)', path: `/api/Call/GetSubmissionPdf?submissionId=${c.full.submissionId}`, headers: c.full.h },
    { name: 'submission PDF (administrator)', path: `/api/admin/submissions/${c.more[0].submissionId}/pdf`, headers: a },
    { name: 'ZIP of PDFs', path: `/api/admin/exports/submissions/pdfs?filter=${filter}`, headers: a },
    { name: 'dossier', path: `/api/admin/submissions/${c.more[0].submissionId}/dossier`, headers: a },
    { name: 'ZIP of dossiers', path: `/api/admin/exports/submissions/dossiers?filter=${filter}`, headers: a },
    { name: 'submissions .xlsx', path: `/api/admin/exports/submissions/xlsx?filter=${filter}`, headers: a },
    {
      name: 'survey report .xlsx',
      path: `/api/admin/reports/calls/${c.full.callId}/steps/${c.full.stepIds.survey}/xlsx?state=all`,
      headers: a,
    },
    { name: 'file', path: `/api/FileUpload/GetFile?downloadId=${c.more[0].downloadId}`, headers: c.more[0].h },
  ];
}

describe('a download closed after its first chunk', () => {
  let c: Awaited<ReturnType<typeof bigCall>>;
  beforeAll(async () => {
    c = await bigCall();
  });

  it.each(ROUTES)('%s: ends only that response, and the same download completes next', async (name) => {
    const route = routes(c).find((r) => r.name === name)!;
    const cut = await get(route.path, route.headers, { abort: true });
    expect({ route: route.name, status: cut.status }).toEqual({ route: route.name, status: 200 });
    await stillServing();
    const again = await get(route.path, route.headers);
    expect({ route: route.name, status: again.status, complete: again.complete }).toEqual({
      route: route.name,
      status: 200,
      complete: true,
    });
    await stillServing();
  });
});

describe('a stored file that vanishes while an export runs', () => {
  let c: Awaited<ReturnType<typeof bigCall>>;
  let storage: FileStorage;
  beforeAll(async () => {
    c = await bigCall();
    storage = t.app.get<FileStorage>(FILE_STORAGE);
  });

  // The routes that read the submissions, not one file: the exports and the dossier.
  it.each(ROUTES.filter((r) => !/PDF \(|^file$/.test(r)))('%s: ends that response, cut or complete, and nothing else', async (name) => {
    const route = routes(c).find((r) => r.name === name)!;
    // Fresh files for the open submissions. Once the export's first chunk is out, one applicant
    // replaces theirs (the old bytes are removed) and the others' bytes vanish from the storage.
    const keys: string[] = [];
    for (const s of c.more) keys.push((await c.upload(s)).key);
    const answer = await get(route.path, route.headers, {
      onFirstChunk: async () => {
        await c.upload(c.more[0]);
        for (const key of keys.slice(1)) await storage.delete(key);
      },
    });
    expect({ route: route.name, status: answer.status }).toEqual({ route: route.name, status: 200 });
    // The ZIP of dossiers reads the later dossiers' files after they went: it is cut, never whole.
    if (route.name === 'ZIP of dossiers') expect(answer.complete).toBe(false);
    await stillServing();
    // With every file there again, the same export is whole.
    for (const s of c.more) await c.upload(s);
    const again = await get(route.path, route.headers);
    expect({ route: route.name, status: again.status, complete: again.complete }).toEqual({
      route: route.name,
      status: 200,
      complete: true,
    });
    await stillServing();
  });
});

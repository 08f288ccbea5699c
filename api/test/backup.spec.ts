/**
 * Issue 19, backups: `scripts/backup.mjs create` of a running installation (data and files),
 * `restore` into a fresh database, and the product started on it serves the same data: the
 * applicant is still signed in, their answers and their uploaded file are there, byte for byte.
 * Runs the script as an operator would (a child process; needs `npm run build` for the migrations).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { createTestApp, type TestApp } from './app.js';
import { createScratchDatabase } from './database.js';
import { testFiles } from './factory.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SCRIPT = join(ROOT, 'scripts/backup.mjs');
const built = existsSync(join(ROOT, 'api/dist/database/migrate.js'));
if (!built) console.warn('backup.spec.ts skipped: api/dist is missing (npm run build)');
const maybe = built ? describe : describe.skip;
const run = promisify(execFile);

async function counts(url: string): Promise<Record<string, number>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND relname <> 'rate_limit_counter' ORDER BY 1`,
    );
    const out: Record<string, number> = {};
    for (const r of rows) out[r.name] = (await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM public."${r.name}"`)).rows[0].n;
    return out;
  } finally {
    await c.end();
  }
}

maybe('backup and restore (scripts/backup.mjs)', () => {
  const folders: string[] = [];
  const temp = (p: string) => {
    const d = mkdtempSync(join(tmpdir(), p));
    folders.push(d);
    return d;
  };
  let source: Awaited<ReturnType<typeof createScratchDatabase>>;
  let target: Awaited<ReturnType<typeof createScratchDatabase>>;
  let apps: TestApp[] = [];
  beforeAll(async () => {
    source = await createScratchDatabase('ic_backup_src');
    target = await createScratchDatabase('ic_backup_dst');
  });
  afterAll(async () => {
    for (const a of apps) await a.close().catch(() => undefined);
    apps = [];
    await source?.drop();
    await target?.drop();
    for (const f of folders) rmSync(f, { recursive: true, force: true });
  });

  it('restores data and files into a fresh database; the product started on it serves them', async () => {
    const filesA = temp('ic-files-a-');
    const a = await createTestApp({ FILES_DIR: filesA }, source.url);
    apps.push(a);
    const call = await a.factory.call({
      steps: [{ kind: 'upload', content: [{ file_name: 'Plan', file_type: 'pdf', dimensions: 1_000_000, mandatory: true }] }],
    });
    const applicant = await a.factory.applicant(call.id);
    const pdf = testFiles.pdf();
    const up = await a.http
      .post('/api/FileUpload/UploadFile')
      .set(applicant.h)
      .field('CallSubmissionId', applicant.submissionId)
      .field('StepId', call.callType.steps[0].id)
      .field('SlotIndex', '0')
      .attach('File', pdf, 'Piano è pronto.pdf')
      .expect(200);

    const backup = temp('ic-backup-');
    const env = { ...process.env, DATABASE_URL: source.url, FILES_DIR: filesA };
    const made = await run(process.execPath, [SCRIPT, 'create', backup], { env, cwd: ROOT });
    expect(made.stdout).toMatch(/^Backed up \d+ tables \(\d+ rows, migration \S+\) and 1 files in/);
    const before = await counts(source.url);

    // The operator restores on another server: an empty database and an empty files folder.
    const filesB = temp('ic-files-b-');
    const restored = await run(process.execPath, [SCRIPT, 'restore', backup], {
      env: { ...process.env, DATABASE_URL: target.url, FILES_DIR: filesB },
      cwd: ROOT,
    });
    expect(restored.stdout).toMatch(/^Restored \d+ tables/);
    expect(await counts(target.url)).toEqual(before);

    // A second restore over it is refused: nothing is overwritten.
    await expect(
      run(process.execPath, [SCRIPT, 'restore', backup], {
        env: { ...process.env, DATABASE_URL: target.url, FILES_DIR: filesB },
        cwd: ROOT,
      }),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('not empty'),
    });

    const b = await createTestApp({ FILES_DIR: filesB }, target.url);
    apps.push(b);
    // The same access token works: the session is in the restored data (and the secret is the same).
    const got = await b.http.get(`/api/FileUpload/GetFile?downloadId=${up.body.fileDownloadId}`).set(applicant.h).expect(200);
    expect(Buffer.compare(got.body as Buffer, pdf)).toBe(0);
    const mine = await b.http.get('/api/Organization/GetOrganizations').set(applicant.user.headers()).expect(200);
    expect(JSON.stringify(mine.body)).toContain(applicant.orgId);
    // New rows get new ids past the restored ones (sequences moved on).
    await b.factory.applicant(call.id);
    expect(readFileSync(join(backup, 'manifest.json'), 'utf8')).toContain('"format": 1');
  }, 180_000);
});

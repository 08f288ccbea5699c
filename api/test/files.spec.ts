import { S3Client, HeadObjectCommand } from '@aws-sdk/client-s3';
import { readdirSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { createTestApp, type TestApp } from './app.js';
import { type TestUser, testFiles } from './factory.js';

/**
 * FileUpload: every limit of the spec enforced by the API, hostile files and names,
 * downloads only for the owner, nothing orphaned, on local disk and on S3-compatible storage.
 */
const MB = 1024 * 1024;

interface Ctx {
  t: TestApp;
  admin: TestUser;
}

async function slotSetup(t: TestApp, slots?: object[]) {
  const call = await t.factory.call({
    steps: [
      {
        kind: 'upload',
        content: slots ?? [
          { file_name: 'Plan', file_type: 'pdf', dimensions: 1000, mandatory: true },
          { file_name: 'Photo', file_type: 'image', dimensions: 5 * MB, mandatory: false },
          { file_name: 'Big PDF', file_type: 'pdf', dimensions: 5 * MB, mandatory: false },
          { file_name: 'Budget', file_type: 'excel', dimensions: 5 * MB, mandatory: false },
        ],
      },
    ],
  });
  const a = await t.factory.applicant(call.id);
  const stepId = call.callType.steps[0].id;
  const upload = (slot: number, file: Buffer, name: string, fields: Record<string, string> = {}, h = a.h) => {
    let req = t.http
      .post('/api/FileUpload/UploadFile')
      .set(h)
      .field('CallSubmissionId', a.submissionId)
      .field('StepId', stepId)
      .field('SlotIndex', String(slot));
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    return req.attach('File', file, name);
  };
  const rows = async () =>
    (await t.db.query('SELECT count(*)::int AS n FROM attachment WHERE submission_id = $1', [a.submissionId]))[0].n as number;
  return { call, stepId, upload, rows, ...a };
}

/** The storage's files (local disk) and the temporary upload folder, both should hold only what rows point to. */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => join(d.parentPath, d.name));
  } catch {
    return [];
  }
}

function uploadTests(name: string, env: () => Record<string, string>, checkStored: (t: TestApp, key: string) => Promise<boolean>) {
  describe(name, () => {
    const c = {} as Ctx;
    beforeAll(async () => {
      c.t = await createTestApp(env());
      c.admin = await c.t.factory.user({ admin: true });
    });
    afterAll(() => c.t.close());

    it('stores a file in its slot and serves it back to its organization only, under its name, nosniff', async () => {
      const { t } = c;
      const s = await slotSetup(t);
      const pdf = testFiles.pdf(900);
      const up = await s.upload(0, pdf, 'Piano di progetto è.pdf', { Descrizione: 'Our plan', Nome: 'Plan 2026' });
      expect(up.status).toBe(200);
      expect(up.body).toMatchObject({
        fileName: 'Plan 2026.pdf',
        attachedType: 'pdf',
        description: 'Our plan',
        dimensions: 900,
        mimeType: 'application/pdf',
        slotIndex: 0,
      });
      const key = (await t.db.query('SELECT storage_key FROM attachment WHERE id = $1', [up.body.id]))[0].storage_key as string;
      expect(key).toMatch(/^submission\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
      expect(await checkStored(t, key)).toBe(true);

      const file = await t.http
        .get(`/api/FileUpload/GetFile?downloadId=${up.body.fileDownloadId}`)
        .set(s.h)
        .buffer(true)
        .parse((res, cb) => {
          const chunks: Buffer[] = [];
          res.on('data', (d: Buffer) => chunks.push(d));
          res.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(file.status).toBe(200);
      expect(Buffer.compare(file.body as Buffer, pdf)).toBe(0);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe(`attachment; filename="Plan 2026.pdf"; filename*=UTF-8''Plan%202026.pdf`);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cache-control']).toContain('no-store');

      const list = await t.http.get(`/api/FileUpload/GetAttachments?submissionId=${s.submissionId}`).set(s.h);
      expect(list.body.map((a: { id: string }) => a.id)).toEqual([up.body.id]);

      // Another organization: not found; its forged header: forbidden; an administrator: allowed.
      const other = await slotSetup(t);
      expect((await t.http.get(`/api/FileUpload/GetFile?downloadId=${up.body.fileDownloadId}`).set(other.h)).status).toBe(404);
      expect((await t.http.get(`/api/FileUpload/GetFile?downloadId=${up.body.fileDownloadId}`).set(other.user.headers())).status).toBe(404);
      expect(
        (await t.http.get(`/api/FileUpload/GetFile?downloadId=${up.body.fileDownloadId}`).set(other.user.headers(s.orgId))).status,
      ).toBe(403);
      expect((await t.http.get(`/api/FileUpload/GetAttachments?submissionId=${s.submissionId}`).set(other.h)).status).toBe(404);
      expect((await t.http.post(`/api/FileUpload/DeleteAttachment?attachmentId=${up.body.id}`).set(other.h)).status).toBe(404);
      expect((await t.http.get(`/api/FileUpload/GetFile?downloadId=${up.body.fileDownloadId}`).set(c.admin.headers())).status).toBe(200);
      expect((await t.http.get(`/api/FileUpload/GetAttachments?submissionId=${s.submissionId}`).set(c.admin.headers())).body).toHaveLength(
        1,
      );
      expect((await t.http.get(`/api/FileUpload/GetFile?downloadId=${up.body.fileDownloadId}`)).status).toBe(401);
    });

    it('keeps a non-ASCII file name in UTF-8 end to end (stored, listed, downloaded with filename*)', async () => {
      const { t } = c;
      const s = await slotSetup(t);
      const name = 'relazione attività – città €.pdf';
      const up = await s.upload(0, testFiles.pdf(), name);
      expect(up.status).toBe(200);
      expect(up.body.fileName).toBe(name);
      expect((await t.db.query('SELECT file_name FROM attachment WHERE id = $1', [up.body.id]))[0].file_name).toBe(name);
      const list = await t.http.get(`/api/FileUpload/GetAttachments?submissionId=${s.submissionId}`).set(s.h);
      expect(list.body[0].fileName).toBe(name);
      const file = await t.http.get(`/api/FileUpload/GetFile?downloadId=${up.body.fileDownloadId}`).set(s.h).expect(200);
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="relazione attivit_ _ citt_ _.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
      );
      const key = (await t.db.query('SELECT storage_key FROM attachment WHERE id = $1', [up.body.id]))[0].storage_key as string;
      expect(await checkStored(t, key)).toBe(true);
      if (t.settings.s3) {
        const client = new S3Client({
          endpoint: t.settings.s3.endpoint,
          region: 'us-east-1',
          forcePathStyle: true,
          credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        });
        const head = await client.send(new HeadObjectCommand({ Bucket: t.settings.s3.bucket, Key: key }));
        expect(head.ContentDisposition).toBe(file.headers['content-disposition']);
      }
    });

    it('replaces the file of a slot and removes a file, deleting the stored bytes', async () => {
      const { t } = c;
      const s = await slotSetup(t);
      const first = await s.upload(0, testFiles.pdf(), 'a.pdf');
      const firstKey = (await t.db.query('SELECT storage_key FROM attachment WHERE id = $1', [first.body.id]))[0].storage_key as string;
      const second = await s.upload(0, testFiles.pdf(700), 'b.pdf');
      expect(second.status).toBe(200);
      expect(await s.rows()).toBe(1);
      expect(await checkStored(t, firstKey)).toBe(false);
      expect((await t.http.get(`/api/FileUpload/GetFile?downloadId=${first.body.fileDownloadId}`).set(s.h)).status).toBe(404);
      const secondKey = (await t.db.query('SELECT storage_key FROM attachment WHERE id = $1', [second.body.id]))[0].storage_key as string;
      expect((await t.http.post(`/api/FileUpload/DeleteAttachment?attachmentId=${second.body.id}`).set(s.h)).status).toBe(204);
      expect(await s.rows()).toBe(0);
      expect(await checkStored(t, secondKey)).toBe(false);
    });
  });
}

// ------------------------------------------------------------ local disk: every limit

describe('uploads on the local disk', () => {
  const c = {} as Ctx;
  beforeAll(async () => {
    c.t = await createTestApp();
    c.admin = await c.t.factory.user({ admin: true });
  });
  afterAll(() => c.t.close());

  const incoming = () => join(c.t.settings.dataDir, 'incoming-uploads');

  it("enforces the slot's size to the byte, with the spec's message and key", async () => {
    const s = await slotSetup(c.t);
    expect((await s.upload(0, testFiles.pdf(1000), 'exact.pdf')).status).toBe(200);
    const over = await s.upload(0, testFiles.pdf(1001), 'over.pdf');
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({
      key: 'errors.file-too-large',
      message: 'The document dimensions exceed those allowed',
      maxBytes: 1000,
    });
    expect(await s.rows()).toBe(1);
  });

  it('takes 5 MB per attachment and not a byte more', async () => {
    const s = await slotSetup(c.t);
    expect((await s.upload(2, testFiles.pdf(5 * MB), 'five.pdf')).status).toBe(200);
    const over = await s.upload(2, testFiles.pdf(5 * MB + 1), 'over.pdf');
    expect([over.status, over.body.key]).toEqual([413, 'errors.file-too-large']);
    expect(await s.rows()).toBe(1);
    expect(filesUnder(incoming())).toEqual([]);
  });

  it('checks the kind from the bytes and the extension', async () => {
    const s = await slotSetup(c.t);
    const cases: [number, Buffer, string][] = [
      [0, testFiles.executable(), 'invoice.pdf'], // a program renamed .pdf
      [0, testFiles.png(), 'photo.pdf'], // an image renamed .pdf
      [0, testFiles.pdf(), 'plan.png'], // a PDF with the wrong extension
      [1, testFiles.pdf(), 'plan.pdf'], // a PDF in an image slot
      [1, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg'],
      [3, Buffer.from('a,b\n1,2\n'), 'budget.xlsx'],
    ];
    for (const [slot, file, name] of cases) {
      const res = await s.upload(slot, file, name);
      expect([name, res.status, res.body.key]).toEqual([name, 400, 'errors.file-type-not-allowed']);
    }
    expect(await s.rows()).toBe(0);
    expect((await s.upload(1, testFiles.png(), 'photo.PNG')).status).toBe(200);
  });

  it('refuses empty files and a type id that disagrees with the bytes', async () => {
    const s = await slotSetup(c.t);
    expect((await s.upload(0, Buffer.alloc(0), 'empty.pdf')).body.key).toBe('errors.file-empty');
    const types = (await c.t.http.get('/api/FileUpload/GetAttachmentTypes').set(s.h)).body as { id: string; code: string }[];
    expect(types.map((x) => x.code)).toEqual(['pdf', 'excel', 'word', 'image', 'video']);
    const image = types.find((x) => x.code === 'image')!.id;
    const pdf = types.find((x) => x.code === 'pdf')!.id;
    expect((await s.upload(0, testFiles.pdf(), 'a.pdf', { TipoFileId: image })).body.key).toBe('errors.file-type-mismatch');
    expect((await s.upload(0, testFiles.pdf(), 'a.pdf', { TipoFileId: pdf })).status).toBe(200);
    expect((await c.t.http.get('/api/FileUpload/GetAttachmentTypes')).status).toBe(401);
  });

  it('cuts descriptions at 1024 characters and makes names safe', async () => {
    const s = await slotSetup(c.t);
    const long = await s.upload(0, testFiles.pdf(), 'a.pdf', { Descrizione: 'd'.repeat(3000) });
    expect(long.body.description).toHaveLength(1024);
    // Raw control characters in the part header: refused as a malformed form, nothing saved.
    const raw = await s.upload(0, testFiles.pdf(), 'pass\u0007wd.pdf');
    expect([raw.status, raw.body.key]).toEqual([400, 'errors.upload-malformed']);
    const tricky = await s.upload(0, testFiles.pdf(), '../../etc/passwd.pdf');
    expect(tricky.body.fileName).toBe('passwd.pdf');
    // Browsers escape CR, LF and quotes in file names (%0D %0A %22); multer decodes them.
    const escaped = await s.upload(0, testFiles.pdf(), 'pass%0D%0Awd%22.pdf');
    expect(escaped.body.fileName).toBe('pass wd.pdf');
    expect((await s.upload(0, testFiles.pdf(), 'a.pdf', { Nome: 'Line\r\nbreak "quoted"' })).body.fileName).toBe('Line break quoted.pdf');
    // A NUL is refused outright (issue 13: every bad byte is a 400); other controls are stripped.
    const nul = await s.upload(0, testFiles.pdf(), 'a.pdf', { Nome: 'x\u0000y' });
    expect([nul.status, nul.body.key]).toEqual([400, 'errors.invalid-characters']);
    const evilName = await s.upload(0, testFiles.pdf(), 'a.pdf', { Nome: '..\\..\\x\u0007y\u202e' });
    expect(evilName.body.fileName).toBe('xy.pdf');
    const res = await c.t.http.get(`/api/FileUpload/GetFile?downloadId=${evilName.body.fileDownloadId}`).set(s.h);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="xy.pdf"; filename*=UTF-8''xy.pdf`);
    // Stored under a name the server made, never the user's.
    for (const path of filesUnder(c.t.settings.filesDir)) expect(path).not.toMatch(/passwd|xy|\.pdf/);
  });

  it('refuses malformed forms and unknown fields, leaving nothing behind', async () => {
    const s = await slotSetup(c.t);
    const two = await c.t.http
      .post('/api/FileUpload/UploadFile')
      .set(s.h)
      .field('CallSubmissionId', s.submissionId)
      .attach('File', testFiles.pdf(), 'a.pdf')
      .attach('File', testFiles.pdf(), 'b.pdf');
    expect(two.body.key).toBe('errors.upload-one-file');
    expect((await s.upload(0, testFiles.pdf(), 'a.pdf', { Evil: 'x' })).body.key).toBe('errors.validation');
    expect((await s.upload(9, testFiles.pdf(), 'a.pdf')).body.key).toBe('errors.upload-slot-not-found');
    const noFile = await c.t.http
      .post('/api/FileUpload/UploadFile')
      .set(s.h)
      .field('CallSubmissionId', s.submissionId)
      .field('StepId', s.stepId)
      .field('SlotIndex', '0');
    expect(noFile.body.key).toBe('errors.upload-no-file');
    expect(await s.rows()).toBe(0);
    await new Promise((r) => setTimeout(r, 100));
    expect(filesUnder(incoming())).toEqual([]);
  });

  it('leaves no row or file behind when the client goes away in the middle of an upload', async () => {
    const s = await slotSetup(c.t);
    const server = c.t.app.getHttpServer();
    if (!server.listening) await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const { port } = server.address() as AddressInfo;
    const stored = filesUnder(c.t.settings.filesDir).length;
    const boundary = 'xxBOUNDARYxx';
    const head = [
      ...[
        ['CallSubmissionId', s.submissionId],
        ['StepId', s.stepId],
        ['SlotIndex', '2'],
      ].map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
      `--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ].join('');
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/FileUpload/UploadFile',
        headers: { ...s.h, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(4 * MB) },
      });
      req.on('error', () => resolve());
      req.write(head);
      req.write(testFiles.pdf(MB));
      // Half way through: the connection drops.
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 200);
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(await s.rows()).toBe(0);
    expect(filesUnder(incoming())).toEqual([]);
    expect(filesUnder(c.t.settings.filesDir).length).toBe(stored);
  });

  it('takes files without a submission from administrators only: the drop zone at 3 MB for png, jpeg, docx, mp4, xlsx', async () => {
    const applicant = await c.t.factory.user();
    const lib = (file: Buffer, name: string, h = c.admin.headers(), purpose?: string) => {
      const req = c.t.http.post('/api/FileUpload/UploadFile').set(h);
      return (purpose ? req.field('Purpose', purpose) : req).attach('File', file, name);
    };
    expect((await lib(testFiles.png(), 'a.png', applicant.headers())).status).toBe(403);
    expect((await lib(testFiles.png(), 'a.png', applicant.headers(), 'custom-file')).status).toBe(403);
    const ok = await lib(testFiles.png(3 * MB), 'banner.png');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ purpose: 'library', attachedType: 'image', submissionId: null });
    expect((await lib(testFiles.png(3 * MB + 1), 'banner.png')).status).toBe(413);
    expect((await lib(testFiles.pdf(), 'doc.pdf')).body.key).toBe('errors.file-type-not-allowed');
    const gif = Buffer.concat([Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'), Buffer.alloc(100)]);
    expect((await lib(gif, 'anim.gif')).body.key).toBe('errors.file-type-not-allowed');
    // The console's list of files.
    const list = await c.t.http.get('/api/admin/files?sort=["createdAt","DESC"]&range=[0,9]').set(c.admin.headers());
    expect(list.body.map((f: { id: string }) => f.id)).toContain(ok.body.id);
    expect(list.headers['content-range']).toMatch(/^files 0-\d+\/\d+$/);
    expect((await c.t.http.get('/api/admin/files').set(applicant.headers())).status).toBe(403);
    expect((await c.t.http.get(`/api/FileUpload/GetFile?downloadId=${ok.body.fileDownloadId}`).set(applicant.headers())).status).toBe(404);
    expect((await c.t.http.delete(`/api/admin/files/${ok.body.id}`).set(c.admin.headers())).status).toBe(200);
    expect((await c.t.http.get(`/api/admin/files/${ok.body.id}`).set(c.admin.headers())).status).toBe(404);
  });
});

// ------------------------------------------------------------ both storages: the same behaviour

uploadTests(
  'storage: local disk',
  () => ({}),
  async (t, key) => {
    const { FILE_STORAGE } = await import('../src/modules/files/storage/file-storage.js');
    return t.app.get<{ exists(k: string): Promise<boolean> }>(FILE_STORAGE).exists(key);
  },
);

const s3 = { server: undefined as S3rver | undefined, port: 0 };
const BUCKET = 'impact-calls-test';
beforeAll(async () => {
  s3.server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 'ic-s3-')),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = (await s3.server.run()) as AddressInfo;
  s3.port = address.port;
});
afterAll(async () => {
  await s3.server?.close();
});

uploadTests(
  'storage: S3-compatible (s3rver)',
  () => ({
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${s3.port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  }),
  async (t, key) => {
    expect(t.settings.s3?.bucket).toBe(BUCKET);
    // Read the bucket directly, not through the product.
    const client = new S3Client({
      endpoint: `http://127.0.0.1:${s3.port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    try {
      await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
      return true;
    } catch {
      return false;
    }
  },
);

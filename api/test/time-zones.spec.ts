/**
 * Time zones of documents: a PDF (the applicant's, the console's, those of the exports and
 * dossiers) writes its dates in the zone the request names (`tz`), the zone named beside each;
 * without one in UTC, named too; a zone nobody knows is a 400 with a key.
 */
import { jest } from '@jest/globals';
import { createTestApp, type TestApp } from './app.js';
import { binary, filledSubmission, pdfText, unzip, type FilledSubmission } from './documents-fixtures.js';
import type { TestUser } from './factory.js';

jest.setTimeout(120_000);

let t: TestApp;
let admin: TestUser;
let s: FilledSubmission;

// Started just before midnight UTC, the first of July in Paris; sent at 04:49 UTC, 06:49 in Paris (summer time).
const OPENED = '2030-06-30T22:30:00Z';
const SUBMITTED = '2030-07-01T04:49:00Z';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.factory.user({ admin: true });
  s = await filledSubmission(t, { indicators: 1 });
  await t.db.query('UPDATE call_submission SET opened_at = $2, submitted_at = $3 WHERE id = $1', [s.submissionId, OPENED, SUBMITTED]);
});
afterAll(() => t.close());

const text = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');

const applicantPdf = (query: Record<string, string>) =>
  binary(
    t.http
      .get('/api/Call/GetSubmissionPdf')
      .query({ submissionId: s.submissionId, lang: 'it', ...query })
      .set(s.h),
  );

describe("the submission PDF in the reader's time zone", () => {
  it('writes its dates in the zone asked, naming it', async () => {
    const pdf = text((await applicantPdf({ tz: 'Europe/Paris' }).expect(200)).body as Buffer);
    expect(pdf).toMatch(/1 luglio 2030 alle ore 06:49 (CEST|GMT\+2)/);
    expect(pdf).toMatch(/1 luglio 2030 alle ore 00:30 (CEST|GMT\+2)/);
    expect(pdf).toMatch(/Generato il \d{1,2} \S+ \d{4} alle ore \d\d:\d\d (CES?T|GMT\+[12])/);
    expect(pdf).not.toContain('UTC');
  });

  it('writes them in UTC, named, when the request names no zone', async () => {
    const pdf = text((await applicantPdf({}).expect(200)).body as Buffer);
    expect(pdf).toContain('1 luglio 2030 alle ore 04:49 UTC');
    expect(pdf).toContain('30 giugno 2030 alle ore 22:30 UTC');
    expect(pdf).toMatch(/Generato il \d{1,2} \S+ \d{4} alle ore \d\d:\d\d UTC/);
  });

  it("the console's PDF takes the zone too", async () => {
    const res = await binary(
      t.http.get(`/api/admin/submissions/${s.submissionId}/pdf`).query({ lang: 'en', tz: 'America/New_York' }).set(admin.headers()),
    ).expect(200);
    expect(text(res.body as Buffer)).toMatch(/1 July 2030 at 00:49 (EDT|GMT-4)/);
  });

  it('a zone Intl does not know is a 400 with a key on every document route, before any byte of a download', async () => {
    const filter = JSON.stringify({ callId: s.callId });
    const refused = [
      t.http.get('/api/Call/GetSubmissionPdf').query({ submissionId: s.submissionId, tz: 'Mars/Olympus' }).set(s.h),
      t.http.get(`/api/admin/submissions/${s.submissionId}/pdf`).query({ tz: 'Mars/Olympus' }).set(admin.headers()),
      t.http.get(`/api/admin/submissions/${s.submissionId}/dossier`).query({ tz: 'Mars/Olympus' }).set(admin.headers()),
      t.http.get('/api/admin/exports/submissions/pdfs').query({ filter, tz: 'Mars/Olympus' }).set(admin.headers()),
      t.http.get('/api/admin/exports/submissions/dossiers').query({ filter, tz: 'Mars/Olympus' }).set(admin.headers()),
      t.http
        .get('/api/Call/GetSubmissionPdf')
        .query({ submissionId: s.submissionId, tz: ['Europe/Paris', 'Europe/Rome'] })
        .set(s.h),
    ];
    for (const req of refused) {
      const res = await req;
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.body.key).toBe('errors.time-zone');
      expect(res.body.errors).toHaveProperty('tz');
    }
  });
});

describe("archives in the reader's time zone", () => {
  it('the ZIP of PDFs writes each PDF in the zone asked', async () => {
    const res = await binary(
      t.http
        .get('/api/admin/exports/submissions/pdfs')
        .query({ filter: JSON.stringify({ callId: s.callId }), lang: 'en', tz: 'Europe/Paris' })
        .set(admin.headers()),
    ).expect(200);
    const pdf = (await unzip(res.body as Buffer)).get(`application-${s.code}.pdf`)!;
    expect(text(pdf)).toMatch(/1 July 2030 at 06:49 (CEST|GMT\+2)/);
  });

  it("a dossier's PDF and index.html write dates in the zone asked, and its manifest says which", async () => {
    const res = await binary(
      t.http.get(`/api/admin/submissions/${s.submissionId}/dossier`).query({ lang: 'en', tz: 'Europe/Paris' }).set(admin.headers()),
    ).expect(200);
    const entries = await unzip(res.body as Buffer);
    expect(text(entries.get(`application-${s.code}.pdf`)!)).toMatch(/1 July 2030 at 06:49 (CEST|GMT\+2)/);
    expect(entries.get('index.html')!.toString()).toMatch(/Made on \d{1,2} \S+ \d{4} at \d\d:\d\d (CES?T|GMT\+[12])/);
    expect(JSON.parse(entries.get('manifest.json')!.toString())).toMatchObject({
      timeZone: 'Europe/Paris',
      submission: { submittedAt: '2030-07-01T04:49:00.000Z' },
    });
  });

  it('the dossiers of a selection: each inner dossier in the zone asked; without one, UTC named', async () => {
    const ask = (tz?: string) =>
      binary(
        t.http
          .get('/api/admin/exports/submissions/dossiers')
          .query({ filter: JSON.stringify({ callId: s.callId }), lang: 'en', ...(tz ? { tz } : {}) })
          .set(admin.headers()),
      ).expect(200);
    const index = async (tz?: string) => {
      const inner = await unzip((await unzip((await ask(tz)).body as Buffer)).get(`dossier-${s.code}.zip`)!);
      return inner.get('index.html')!.toString();
    };
    expect(await index('Europe/Paris')).toMatch(/Made on .* (CES?T|GMT\+[12])</);
    expect(await index()).toMatch(/Made on .* UTC</);
  });
});

import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from './app.js';
import { binary, filledSubmission, pdfText, type FilledSubmission } from './documents-fixtures.js';
import type { TestUser } from './factory.js';

/**
 * A sent application keeps the organization's data it was sent with: the PDF, the dossier's
 * manifest, the Excel export, the console's submission view and the dashboard's figures do not
 * move when the organization is edited afterwards; a resubmission keeps the data of its day,
 * and the history says which events kept data.
 */
let t: TestApp;
let admin: TestUser;
let s: FilledSubmission;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.factory.user({ admin: true, email: `${t.factory.unique('admin')}@example.org` });
  s = await filledSubmission(t, { indicators: 1, closed: false });
  await t.db.query(
    `UPDATE organization SET name = 'Atelier du Rhône', city_name = 'Lyon', country = 'France', date_of_foundation = NULL WHERE id = $1`,
    [s.orgId],
  );
  await t.http.post(`/api/Call/CloseCallSubmission?callSubmissionId=${s.submissionId}`).set(s.h).expect(200);
}, 120_000);
afterAll(() => t.close());

async function editOrganization(fields: Record<string, unknown>) {
  const org = (await t.http.get(`/api/Organization/GetOrganizationById?orgId=${s.orgId}`).set(s.h).expect(200)).body;
  await t.http
    .put('/api/Organization/UpdateOrganization')
    .set(s.h)
    .send({ ...org, ...fields, id: s.orgId, version: org.version, createdAt: undefined, sentApplications: undefined })
    .expect(200);
}

const adminPdf = async () =>
  pdfText((await binary(t.http.get(`/api/admin/submissions/${s.submissionId}/pdf?lang=en`).set(admin.headers())).expect(200)).body);

async function exportedOrganization(): Promise<string[]> {
  const res = await binary(
    t.http
      .get('/api/admin/exports/submissions/xlsx')
      .query({ filter: JSON.stringify({ callId: s.callId }), lang: 'en' })
      .set(admin.headers()),
  ).expect(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.body as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  const values: string[] = [];
  sheet.getRow(2).eachCell((c) => values.push(String(c.value)));
  return values;
}

const cities = async () =>
  (await t.http.get(`/api/admin/dashboard/portfolio?callId=${s.callId}&state=all`).set(admin.headers()).expect(200)).body.cities;

describe('a sent application keeps the data it was sent with', () => {
  it('PDF, Excel, console view and dashboard show the organization as sent after it is edited', async () => {
    expect(await adminPdf()).toContain('Lyon');
    expect(await cities()).toEqual([{ country: 'France', city: 'Lyon', organizations: 1 }]);

    await editOrganization({ name: 'Atelier de Villeurbanne', city_name: 'Villeurbanne', date_of_foundation: '2015-03-01' });

    const pdf = await adminPdf();
    expect(pdf).toContain('Lyon');
    expect(pdf).toContain('Atelier du Rhône');
    expect(pdf).not.toContain('Villeurbanne');
    expect(pdf).not.toContain('2015');
    expect(await cities()).toEqual([{ country: 'France', city: 'Lyon', organizations: 1 }]);
    const row = await exportedOrganization();
    expect(row).toContain('Lyon');
    expect(row).not.toContain('Villeurbanne');
    const view = (await t.http.get(`/api/admin/submissions/${s.submissionId}`).set(admin.headers()).expect(200)).body;
    expect(view.organization.name).toBe('Atelier du Rhône');
    // The organization's own screen shows today's data, and says how many applications keep theirs.
    const org = (await t.http.get(`/api/Organization/GetOrganizationById?orgId=${s.orgId}`).set(s.h).expect(200)).body;
    expect([org.city_name, org.sentApplications]).toEqual(['Villeurbanne', 1]);
  });

  it('a reopened and resubmitted application keeps the data of its new submission, and its history says so', async () => {
    await t.http.post(`/api/admin/submissions/${s.submissionId}/reopen`).set(admin.headers()).expect(200);
    // Reopened, not yet sent again: still the data it was last sent with.
    expect(await adminPdf()).toContain('Lyon');
    await t.http.post(`/api/Call/CloseCallSubmission?callSubmissionId=${s.submissionId}`).set(s.h).expect(200);
    const pdf = await adminPdf();
    expect(pdf).toContain('Villeurbanne');
    expect(pdf).not.toContain('Lyon');
    expect(await cities()).toEqual([{ country: 'France', city: 'Villeurbanne', organizations: 1 }]);
    const view = (await t.http.get(`/api/admin/submissions/${s.submissionId}`).set(admin.headers()).expect(200)).body;
    expect(view.history.map((e: { kind: string; dataKept: boolean }) => [e.kind, e.dataKept])).toEqual([
      ['submitted', true],
      ['reopened', false],
      ['submitted', true],
    ]);
    const kept = await t.db.query(
      `SELECT organization_snapshot->>'city_name' AS city FROM submission_event WHERE submission_id = $1 AND kind = 'submitted' ORDER BY at`,
      [s.submissionId],
    );
    expect(kept.map((r: { city: string }) => r.city)).toEqual(['Lyon', 'Villeurbanne']);
  });

  it('an application never sent shows the organization as it is today', async () => {
    const open = await filledSubmission(t, { indicators: 1, closed: false });
    await t.db.query(`UPDATE organization SET city_name = 'Grenoble' WHERE id = $1`, [open.orgId]);
    const pdf = pdfText(
      (await binary(t.http.get(`/api/admin/submissions/${open.submissionId}/pdf?lang=en`).set(admin.headers())).expect(200)).body,
    );
    expect(pdf).toContain('Grenoble');
  });
});

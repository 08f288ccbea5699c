import { translate } from '@impact-calls/domain';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { expect, test, useSessionInBrowser } from './fixtures';
import { CallsPage } from './pages/CallsPage';
import { createOpenCall, STEP_KIND } from './support/calls';
import { E2E } from './support/env';
import { textOfPdf } from './support/pdf';
import { adminSession, userSession } from './support/session';

const en = (key: string) => translate('en', key);
const APPLICANT_AXE = { exclude: ['header button[aria-haspopup="menu"]'] };

const SURVEY = {
  pages: [
    {
      elements: [
        { type: 'text', name: 'mission', title: 'La vostra missione', isRequired: true },
        {
          type: 'radiogroup',
          name: 'size',
          title: 'Quante persone?',
          choices: [
            { value: 's', text: 'Meno di dieci' },
            { value: 'l', text: 'Dieci o più' },
          ],
        },
      ],
    },
  ],
};

/** A call offering the PDF and a custom file, and an applicant's closed submission of it (set up through the API). */
async function submittedApplication(
  request: APIRequestContext,
): Promise<{ name: string; email: string; orgId: string; code: string; submissionId: string; customFile: Buffer }> {
  const call = await createOpenCall(request, {
    namePrefix: 'E2E documenti',
    description: '<p>Bando con PDF</p>',
    extra: { enableUserDownloadPdf: true },
    steps: [
      { name: 'Benvenuto', stepTypeId: STEP_KIND.text, content: { html: '<p>Benvenuti</p>' } },
      { name: 'Chi siete', stepTypeId: STEP_KIND.survey, content: SURVEY },
    ],
  });
  const admin = await adminSession();
  // The call's custom file ("download file" on the card).
  const customFile = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n'.padEnd(400, ' '));
  const uploaded = await request.post('/api/FileUpload/UploadFile', {
    headers: admin.headers,
    multipart: { Purpose: 'custom-file', File: { name: 'regolamento.pdf', mimeType: 'application/pdf', buffer: customFile } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  const linked = await request.post('/api/CallSubmission/AddCustomFile', {
    headers: admin.headers,
    data: { callId: call.id, fileId: ((await uploaded.json()) as { id: string }).id },
  });
  expect(linked.ok(), await linked.text()).toBe(true);

  const email = `documenti-${Date.now().toString(36)}@applicant.test`;
  const user = await userSession(email, { firstName: 'Dora', lastName: 'Documenti' });
  const org = await request.post('/api/Organization/CreateOrganization', {
    headers: user.headers,
    data: {
      name: `Cooperativa Documenti ${Date.now().toString(36)}`,
      reg_number: 'IT0123',
      street_name: 'Via Po 3',
      city_name: 'Torino',
      country: 'Italia',
      contact_name: 'Dora',
      contact_surname: 'Documenti',
      contact_role: 'Presidente',
      contact_email: email,
      personalData: true,
    },
  });
  expect(org.ok(), await org.text()).toBe(true);
  const orgId = ((await org.json()) as { id: string }).id;
  const h = { ...user.headers, SelectedOrganizationId: orgId };
  const started = await request.post('/api/Call/UpsertCallSubmission', { headers: h, data: { callId: call.id } });
  const submission = (await started.json()) as { id: string; code: string };
  const steps = (await (await request.get(`/api/Call/GetSubmissionByID?submissionId=${submission.id}`, { headers: h })).json()) as {
    steps: { id: string; stepTypeName: string }[];
    code: string;
  };
  const surveyStep = steps.steps.find((s) => s.stepTypeName === 'survey')!.id;
  const saved = await request.post('/api/Call/UpsertCallStepResult', {
    headers: h,
    data: {
      callSubmissionId: submission.id,
      stepId: surveyStep,
      content: { data: { mission: 'Fiumi puliti', size: 's' }, currentPageNo: 0, completed: true },
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const closed = await request.post(`/api/Call/CloseCallSubmission?callSubmissionId=${submission.id}`, { headers: h });
  expect(closed.ok(), await closed.text()).toBe(true);
  return { name: call.name, email, orgId, code: steps.code, submissionId: submission.id, customFile };
}

async function saved(download: Download): Promise<Buffer> {
  return readFileSync((await download.path())!);
}

async function clickAndDownload(page: Page, click: () => Promise<void>): Promise<Download> {
  const downloading = page.waitForEvent('download', { timeout: 30_000 });
  await click();
  return downloading;
}

test.describe.serial('documents', () => {
  let app: Awaited<ReturnType<typeof submittedApplication>>;

  test.beforeAll(async ({ request }) => {
    app = await submittedApplication(request);
  });

  test('an applicant downloads the PDF and the call file from the call list @phone', async ({ page, axe }) => {
    await useSessionInBrowser(page, await userSession(app.email));
    await page.context().addCookies([{ name: 'ic_organization', value: app.orgId, url: E2E.baseURL }]);
    await page.goto('/');
    // A signed-in applicant lands on the call list.
    await expect(page).toHaveURL(/\/calls$/);
    const calls = new CallsPage(page);
    await expect(calls.main.getByRole('heading', { level: 1 })).toBeVisible();
    await calls.showAll();
    const card = calls.card(app.name);
    await expect(card).toBeVisible();
    const pdfButton = calls.button(card, 'download-pdf');
    await expect(pdfButton).toBeEnabled();

    const pdf = await clickAndDownload(page, () => pdfButton.click());
    expect(pdf.suggestedFilename()).toBe(`application-${app.code}.pdf`);
    const text = textOfPdf(await saved(pdf));
    expect(text).toContain(app.name);
    expect(text).toContain('La vostra missione');
    expect(text).toContain('Fiumi puliti');
    expect(text).toContain('Meno di dieci');
    expect(text).toContain('Pagina 1 di');
    await expect(pdfButton).toBeEnabled();

    const file = await clickAndDownload(page, () => calls.button(card, 'download-file').click());
    expect(file.suggestedFilename()).toBe('regolamento.pdf');
    expect((await saved(file)).equals(app.customFile)).toBe(true);
    await axe(APPLICANT_AXE);
  });

  test("an administrator exports the filtered list, downloads all PDFs, and a submission's PDF and dossier", async ({ page, axe }) => {
    test.setTimeout(120_000);
    await page.addInitScript(() => localStorage.setItem('ic_language', 'en'));
    await useSessionInBrowser(page, await adminSession());
    await page.goto('/admin');
    await page.getByRole('menuitem', { name: /Submissions/ }).click();
    await expect(page).toHaveURL(/\/admin\/submissions/);
    // Filter the list down to this application (the search box), as an administrator would.
    await page.getByPlaceholder(/Search/i).fill(app.code);
    const rows = page.locator('.RaDatagrid-tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(app.code);

    // Export: the .xlsx of what the filters select.
    const xlsx = await clickAndDownload(page, () => page.getByRole('button', { name: en('pages.admin.documents.export') }).click());
    expect(xlsx.suggestedFilename()).toMatch(/^submissions-\d{4}-\d\d-\d\d\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await saved(xlsx)) as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Applications', 'Answers', 'Impact design']);
    expect(wb.worksheets[0].rowCount).toBe(2);
    expect(wb.worksheets[0].getRow(2).getCell(1).value).toBe(app.code);
    const answers = wb.worksheets[1].getSheetValues().slice(2) as unknown[][];
    expect(answers.map((r) => [r[4], r[5]])).toEqual([
      ['La vostra missione', 'Fiumi puliti'],
      ['Quante persone?', 'Meno di dieci'],
    ]);

    // Download all PDFs: a ZIP, with progress shown while it streams.
    const zip = await clickAndDownload(page, () => page.getByRole('button', { name: en('pages.admin.documents.export-pdfs') }).click());
    expect(zip.suggestedFilename()).toMatch(/^applications-.*\.zip$/);
    const bytes = await saved(zip);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    expect(bytes.includes(Buffer.from(`application-${app.code}.pdf`))).toBe(true);
    await expect(page.getByText(en('pages.admin.documents.done').replace('{{name}}', zip.suggestedFilename()))).toBeVisible();
    await axe();

    // The review: PDF and Dossier.
    await rows.first().click();
    await expect(page).toHaveURL(new RegExp(`/admin/submissions/${app.submissionId}/show`));
    const pdf = await clickAndDownload(page, () =>
      page.getByRole('button', { name: en('pages.admin.documents.pdf'), exact: true }).click(),
    );
    expect(pdf.suggestedFilename()).toBe(`application-${app.code}.pdf`);
    expect(textOfPdf(await saved(pdf))).toContain('Page 1 of');
    const dossier = await clickAndDownload(page, () => page.getByRole('button', { name: en('pages.admin.documents.dossier') }).click());
    expect(dossier.suggestedFilename()).toBe(`dossier-${app.code}.zip`);
    const dossierBytes = await saved(dossier);
    for (const name of ['manifest.json', 'index.html', `application-${app.code}.pdf`])
      expect(dossierBytes.includes(Buffer.from(name))).toBe(true);
    await axe();
  });
});

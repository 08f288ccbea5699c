import { translate } from '@impact-calls/domain';
import type { Download, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, useSessionInBrowser } from './fixtures';
import { applicant, saveAnswer, start } from './support/applicants';
import { createOpenCall, STEP_KIND } from './support/calls';
import { adminSession } from './support/session';

const en = (key: string, vars: Record<string, string | number> = {}) => translate('en', key, vars);

const SURVEY = {
  pages: [
    {
      elements: [
        {
          type: 'radiogroup',
          name: 'colour',
          title: 'Favourite colour',
          choices: [
            { value: 'red', text: 'Red' },
            { value: 'blue', text: 'Blue' },
          ],
        },
        { type: 'rating', name: 'recommend', title: 'Would you recommend us?', rateMin: 0, rateMax: 10 },
        { type: 'comment', name: 'notes', title: 'Notes' },
      ],
    },
  ],
};

/** Six applicants: four submit (red, red, blue, red; ratings 10, 9, 3, 7), two stay in progress. */
const ANSWERS = [
  { colour: 'red', recommend: 10, notes: 'An apple a day' },
  { colour: 'red', recommend: 9, notes: 'Fine' },
  { colour: 'blue', recommend: 3, notes: 'Too long' },
  { colour: 'red', recommend: 7, notes: 'Apple pie' },
  { colour: 'blue', recommend: 0, notes: 'Still writing' },
  { colour: 'blue', recommend: 1, notes: 'Draft' },
];

async function saved(download: Download): Promise<Buffer> {
  return readFileSync((await download.path())!);
}

/** The numbers table of a question's panel, as rows of cell texts. */
async function tableOf(page: Page, questionName: string, title: string): Promise<string[][]> {
  const table = page.locator(`[data-question="${questionName}"]`).getByRole('table', { name: en('pages.admin.report.table', { title }) });
  return table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td, th')].map((c) => c.textContent!.trim())));
}

test.describe.serial('survey reports', () => {
  let call: { id: string; name: string };
  let plain: { id: string; name: string };

  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    call = await createOpenCall(request, {
      namePrefix: 'E2E report',
      description: '<p>Survey report</p>',
      steps: [
        { name: 'Welcome', stepTypeId: STEP_KIND.text, content: { html: '<p>Welcome</p>' } },
        { name: 'Feedback', stepTypeId: STEP_KIND.survey, content: SURVEY },
      ],
    });
    plain = await createOpenCall(request, {
      namePrefix: 'E2E report none',
      description: '<p>No survey</p>',
      steps: [{ name: 'Welcome', stepTypeId: STEP_KIND.text, content: { html: '<p>Welcome</p>' } }],
    });
    const admin = await adminSession();
    const detail = (await (await request.get(`/api/Call/GetCallByIdAdmin?id=${call.id}`, { headers: admin.headers })).json()) as {
      callType: { steps: { id: string; name: string }[] };
    };
    const stepId = detail.callType.steps.find((s) => s.name === 'Feedback')!.id;
    for (const [i, data] of ANSWERS.entries()) {
      const a = await applicant(request, `report ${i}`);
      const submissionId = await start(request, a, call.id);
      await saveAnswer(request, a, submissionId, stepId, { data, currentPageNo: 0, completed: true });
      if (i < 4) {
        const closed = await request.post(`/api/Call/CloseCallSubmission?callSubmissionId=${submissionId}`, { headers: a.headers });
        expect(closed.ok(), await closed.text()).toBe(true);
      }
    }
  });

  test('an administrator goes from the call list to a survey report, reads its numbers, filters and exports @phone', async ({
    page,
    axe,
  }, info) => {
    test.setTimeout(120_000);
    const phone = info.project.name === 'phone';
    await page.addInitScript(() => localStorage.setItem('ic_language', 'en'));
    await useSessionInBrowser(page, await adminSession());
    await page.goto('/admin/calls');
    await page.getByPlaceholder(/Search/i).fill(call.name);
    // The search applies once typing pauses (the filter lands in the address).
    await expect(page).toHaveURL(/filter=.*E2E/);
    if (phone) {
      // A phone lists one line per call: the call's editor carries the button.
      await page.getByRole('link').filter({ hasText: call.name }).first().click();
      await expect(page).toHaveURL(new RegExp(`/admin/calls/${call.id}`));
    }
    const reportsButton = phone
      ? page.getByRole('link', { name: en('pages.admin.report.button') })
      : page
          .getByRole('row')
          .filter({ hasText: call.name })
          .getByRole('link', { name: en('pages.admin.report.button') });
    await reportsButton.click();
    await expect(page).toHaveURL(new RegExp(`/admin/report-list/${call.id}/[0-9a-f-]{36}$`));
    await expect(page.getByRole('heading', { level: 1, name: en('pages.admin.report.list-title', { name: call.name }) })).toBeVisible();
    const stepRow = page.getByRole('row').filter({ hasText: 'Feedback' });
    await expect(stepRow).toContainText('3');
    await expect(stepRow).toContainText('4');
    await axe();

    await stepRow.getByRole('link', { name: `${en('pages.admin.report.open')}: Feedback` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/report/${call.id}/[0-9a-f-]{36}$`));
    await expect(page.getByTestId('report-total')).toHaveText(en('pages.admin.report.total', { count: 4 }));

    // Each question: a chart, and its numbers in a table.
    const colour = page.locator('[data-question="colour"]');
    await expect(
      colour
        .getByRole('img', { name: en('pages.admin.report.chart', { title: 'Favourite colour' }) })
        .locator('svg')
        .first(),
    ).toBeVisible();
    expect(await tableOf(page, 'colour', 'Favourite colour')).toEqual([
      ['Red', '3', '75 %'],
      ['Blue', '1', '25 %'],
    ]);
    const recommend = page.locator('[data-question="recommend"]');
    await expect(recommend.locator('[data-stat="mean"]')).toHaveText('7.25');
    await expect(recommend.locator('[data-stat="median"]')).toHaveText('8');
    // Promoters 10, 9; passive 7; detractor 3: (2 - 1) / 4 = 25.
    await expect(recommend.getByTestId('nps-score')).toHaveText('25');
    const npsTitle = `Would you recommend us? – ${en('pages.admin.report.nps.title')}`;
    expect(await tableOf(page, 'recommend', npsTitle)).toEqual([
      [en('pages.admin.report.nps.promoters'), '2', '50 %'],
      [en('pages.admin.report.nps.passives'), '1', '25 %'],
      [en('pages.admin.report.nps.detractors'), '1', '25 %'],
    ]);

    // Text answers: searched on the server.
    const notes = page.locator('[data-question="notes"]');
    await notes.getByLabel(en('pages.admin.report.search')).fill('apple');
    await expect(notes.locator('tbody tr')).toHaveCount(2);
    await expect(notes.locator('tbody')).toContainText('An apple a day');
    await expect(notes.locator('tbody')).toContainText('Apple pie');
    await axe();
    if (!phone) {
      mkdirSync('docs/screenshots/reports', { recursive: true });
      await page.screenshot({ path: 'docs/screenshots/reports/report-desktop.png', fullPage: true });
    } else {
      await page.screenshot({ path: 'docs/screenshots/reports/report-phone.png', fullPage: false });
    }

    // Filter: every submission, in progress ones too.
    await page.getByLabel(en('pages.admin.report.state')).click();
    await page.getByRole('option', { name: en('pages.admin.report.states.all') }).click();
    await expect(page.getByTestId('report-total')).toHaveText(en('pages.admin.report.total', { count: 6 }));
    expect(await tableOf(page, 'colour', 'Favourite colour')).toEqual([
      ['Red', '3', '50 %'],
      ['Blue', '3', '50 %'],
    ]);
    await expect(page).toHaveURL(/state=all/);

    // Export: the figures and raw answers of what the filters select.
    const downloading = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('button', { name: en('pages.admin.report.export') }).click();
    const xlsx = await downloading;
    expect(xlsx.suggestedFilename()).toMatch(/^survey-report-\d{4}-\d\d-\d\d\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await saved(xlsx)) as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Figures', 'Answers']);
    expect(wb.worksheets[1].rowCount).toBe(7);
    const figures = wb.worksheets[0].getSheetValues().slice(2) as unknown[][];
    expect(figures.find((r) => r[1] === 'Favourite colour' && r[3] === 'Red')?.slice(4, 6)).toEqual([3, 0.5]);

    // A date range with no answers: the spec's 'no submission data'.
    await page.getByRole('textbox', { name: en('pages.admin.report.to'), exact: true }).fill('2000-01-01');
    await expect(page.getByText(en('pages.admin.report.no-submission-data'))).toBeVisible();
  });

  test('a call without survey steps says so', async ({ page, axe }) => {
    await page.addInitScript(() => localStorage.setItem('ic_language', 'en'));
    await useSessionInBrowser(page, await adminSession());
    const admin = await adminSession();
    const detail = (await (await page.request.get(`/api/Call/GetCallByIdAdmin?id=${plain.id}`, { headers: admin.headers })).json()) as {
      callTypeId: string;
    };
    await page.goto(`/admin/report-list/${plain.id}/${detail.callTypeId}`);
    await expect(page.getByText(en('pages.admin.no-survey-call'))).toBeVisible();
    await axe();
  });
});

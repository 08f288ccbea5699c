/**
 * Issue 18, Power BI embedding, in Chromium. Without the Power BI settings (the shared product)
 * a call with analytics ids shows no "view report" button (it led to "page not found"). With
 * the settings, on a product of the test's own pointed at the local stand-in of Entra ID and
 * Power BI (api/test/powerbi-standin.ts): the applicant's button opens the report page, which
 * loads the Power BI client into the embed container with its fullscreen button (the iframe's
 * content cannot load offline: the page must simply not break); the console's report tab,
 * report list and report page do the same. Desktop and phone, axe on every screen.
 */
import { translate } from '@impact-calls/domain';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { startPowerBiStandIn, type PowerBiStandIn } from '../api/test/powerbi-standin';
import { expect, expectNoSeriousA11yViolations, test, useSessionInBrowser } from './fixtures';
import { CallsPage } from './pages/CallsPage';
import { STEP_KIND } from './support/calls';
import { E2E } from './support/env';
import { adminSession, userSession } from './support/session';
import { startOwnProduct, type OwnProduct } from './support/product';

const it = (key: string) => translate('it', key);
const DAY = 86_400_000;
/** The Power BI iframe is a third party's page: axe does not judge it. */
const AXE = { exclude: ['[data-testid="pbi-embed"] iframe'] };

const ORGANIZATION = {
  name: 'Cooperativa Analitica',
  reg_number: 'IT01234567890',
  street_name: 'Via Roma 1',
  city_name: 'Milano',
  country: 'Italia',
  contact_name: 'Ada',
  contact_surname: 'Analitica',
  contact_role: 'Presidente',
  contact_email: 'ada@applicant.test',
  personalData: true,
};

const callBody = (name: string, ids: Record<string, string>) => ({
  name,
  description: '<p>Un bando con un report</p>',
  openingAt: new Date(Date.now() - DAY).toISOString(),
  closingAt: new Date(Date.now() + 30 * DAY).toISOString(),
  ...ids,
  callType: { steps: [{ name: 'Benvenuto', stepTypeId: STEP_KIND.text, content: { html: '<p>Ciao</p>' } }] },
});

async function post(url: string, token: string, body: unknown): Promise<{ id: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { id: string };
}

/** A page of its own (desktop or phone) on a product, with its uncaught errors collected. */
async function pageOn(browser: Browser, baseURL: string, phone: boolean): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL,
    locale: 'it-IT',
    ...(phone
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
      : { viewport: { width: 1366, height: 900 } }),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}

test('without the Power BI settings a call with analytics ids offers no report button', async ({ page, request }) => {
  const admin = await adminSession();
  const name = `Bando con report ${Date.now().toString(36)}`;
  const created = await request.post('/api/Call/CreateCall', {
    headers: admin.headers,
    data: callBody(name, { userPowerBIWorkspaceID: 'w-1', userPowerBIReportID: 'r-1', powerBIWorkspaceID: 'w-1', powerBIReportID: 'r-2' }),
  });
  expect(created.status()).toBe(200);
  const me = await userSession(`pbi-off-${Date.now()}@applicant.test`);
  const org = await request.post('/api/Organization/CreateOrganization', { headers: me.headers, data: ORGANIZATION });
  const orgId = ((await org.json()) as { id: string }).id;
  expect((await (await request.get('/api/PowerBi/Available', { headers: me.headers })).json()) as unknown).toEqual({ available: false });

  await useSessionInBrowser(page, me);
  await page.context().addCookies([{ name: 'ic_organization', value: orgId, url: E2E.baseURL }]);
  const calls = new CallsPage(page);
  await calls.goto();
  const card = calls.card(name);
  await expect(calls.button(card, 'submit')).toBeEnabled();
  await expect(calls.button(card, 'view-report')).toHaveCount(0);
});

test.describe('with the Power BI settings (local stand-in)', () => {
  let standIn: PowerBiStandIn;
  let product: OwnProduct;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    standIn = await startPowerBiStandIn();
    product = await startOwnProduct(standIn.env);
  });
  test.afterAll(async () => {
    await product?.close();
    await standIn?.close();
  });

  test('an applicant opens a call report and an administrator the report tab, on desktop and phone', async ({
    browser,
  }, info: TestInfo) => {
    test.setTimeout(240_000);
    const p = product;
    const consoleReport = standIn.addReport({ name: 'Console' });
    const applicantsReport = standIn.addReport({ name: 'Applicants' });
    const portfolio = standIn.addReport({ name: 'Portfolio' });
    const admin = await p.session('admin@example.org', { admin: true });
    const name = 'Bando con analisi';
    await post(
      `${p.url}/api/Call/CreateCall`,
      admin.token,
      callBody(name, {
        powerBIWorkspaceID: consoleReport.groupId,
        powerBIReportID: consoleReport.reportId,
        userPowerBIWorkspaceID: applicantsReport.groupId,
        userPowerBIReportID: applicantsReport.reportId,
      }),
    );
    const config = await post(`${p.url}/api/Config/UpsertConfig`, admin.token, {
      name: 'Con Power BI',
      workspacePowerBiId: portfolio.groupId,
      reportPowerBiId: portfolio.reportId,
    });
    const activated = await fetch(`${p.url}/api/Config/ActivateConfig?id=${config.id}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    expect(activated.status).toBe(200);

    const me = await p.session(`pbi-${info.project.name}@applicant.test`);
    const org = await post(`${p.url}/api/Organization/CreateOrganization`, me.token, ORGANIZATION);

    for (const phone of [false, true]) {
      // ------------------------------------------------------------ the applicant
      const { page, errors } = await pageOn(browser, p.url, phone);
      await page.context().addCookies([
        { name: 'ic_token', value: me.token, url: p.url },
        { name: 'ic_organization', value: org.id, url: p.url },
      ]);
      const calls = new CallsPage(page);
      await calls.goto();
      const viewReport = calls.button(calls.card(name), 'view-report');
      await expect(viewReport).toBeEnabled();
      await viewReport.click();
      await expect(page).toHaveURL(new RegExp(`/powerbi-report-rls/${applicantsReport.groupId}/${applicantsReport.reportId}/${org.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: it('pages.admin.pbi.title') })).toBeVisible();
      const embed = page.getByTestId('pbi-embed');
      await expect(embed).toBeVisible();
      // The Power BI client was loaded (lazily) and made its iframe for the report's embed URL.
      await expect(embed.locator('iframe')).toHaveAttribute('src', /reportEmbed\?reportId=/);
      await expect(page.getByRole('button', { name: it('pages.admin.pbi.fullscreen') })).toBeVisible();
      await expectNoSeriousA11yViolations(page, AXE);
      if (!phone) await page.screenshot({ path: 'docs/screenshots/powerbi/applicant-report.png' });
      else await page.screenshot({ path: 'docs/screenshots/powerbi/applicant-report-phone.png' });
      // The identity was the organization, with the applicants' report's dataset.
      const generate = standIn.requests.find(
        (r) => r.method === 'POST' && r.path.endsWith(`/reports/${applicantsReport.reportId}/GenerateToken`),
      )!;
      expect(JSON.parse(generate.body)).toMatchObject({ identities: [{ username: org.id, datasets: [applicantsReport.datasetId] }] });

      // An organization that is not the user's is said so, without ending the session.
      await page.goto(`/powerbi-report-rls/${applicantsReport.groupId}/${applicantsReport.reportId}/${crypto.randomUUID()}`);
      await expect(page.getByText(it('pages.admin.pbi.not-your-organization'))).toBeVisible();
      await expect(page.getByTestId('pbi-embed')).toHaveCount(0);
      await page.goto('/calls');
      await expect(page).toHaveURL(/\/calls$/);
      expect(errors).toEqual([]);
      await page.context().close();

      // ------------------------------------------------------------ the console
      const consolePage = await pageOn(browser, p.url, phone);
      const c = consolePage.page;
      await c.context().addCookies([{ name: 'ic_token', value: admin.token, url: p.url }]);
      await c.goto('/admin');
      await expect(c.getByRole('heading', { level: 1 })).toBeVisible();
      // The report tab shows (analytics ids in the active configuration, Power BI available).
      const tab = c.getByRole('link', { name: it('pages.admin.tabs.report') }).last();
      await expect(tab).toBeVisible();
      await tab.click();
      await expect(c).toHaveURL(/\/admin\/pbi-report-list$/);
      await expect(c.getByRole('heading', { name: it('pages.admin.pbi.portfolio') })).toBeVisible();
      await expect(c.getByText(name)).toBeVisible();
      await expectNoSeriousA11yViolations(c, AXE);
      if (!phone) await c.screenshot({ path: 'docs/screenshots/powerbi/console-report-list.png' });
      if (phone) {
        await c.getByText(name).click();
      } else {
        await c.getByRole('link', { name: translate('it', 'pages.admin.pbi.open-call-report', { name }) }).click();
      }
      await expect(c).toHaveURL(new RegExp(`/admin/powerbi-report/${consoleReport.groupId}/${consoleReport.reportId}$`));
      const adminEmbed = c.getByTestId('pbi-embed');
      await expect(adminEmbed).toBeVisible();
      await expect(adminEmbed.locator('iframe')).toHaveAttribute('src', new RegExp(`reportId=${consoleReport.reportId}`));
      await expect(c.getByRole('button', { name: it('pages.admin.pbi.fullscreen') })).toBeVisible();
      await expectNoSeriousA11yViolations(c, AXE);
      if (!phone) await c.screenshot({ path: 'docs/screenshots/powerbi/console-report.png' });
      expect(consolePage.errors).toEqual([]);
      await c.context().close();
    }
  });
});

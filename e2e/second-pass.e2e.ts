/**
 * First use, second pass: what an applicant meets after sending an application, choosing
 * indicators and signing in again, reached by clicking from where a person starts.
 */
import { translate } from '@impact-calls/domain';
import { expect, test, useSessionInBrowser } from './fixtures';
import { MiniDyiPage } from './pages/MiniDyiPage';
import { applicant, closeSubmission, signIn, start, type Language } from './support/applicants';
import { createOpenCall, STEP_KIND as KIND } from './support/calls';
import { E2E } from './support/env';

const tr = (language: Language, key: string, vars?: Record<string, string | number>) => translate(language, key, vars);
/** The demo content's impact framework (the shipped example workbook). */
const DEMO_FRAMEWORK = 'a1d0c0de-0000-4000-8000-00000000f001';

test('the interface language goes with the person: signing in on a new device opens in the language last used @phone', async ({
  page,
  request,
  axe,
}) => {
  const a = await applicant(request, 'language kept');
  const put = await request.put('/api/User/Language', { headers: a.me.headers, data: { language: 'fr' } });
  expect(put.status()).toBe(204);
  // A browser that never chose a language here (no remembered choice on the device).
  await useSessionInBrowser(page, a.me);
  await page.context().addCookies([{ name: 'ic_organization', value: a.orgId, url: E2E.baseURL }]);
  await page.goto('/calls');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const menu = page.getByRole('button', { name: new RegExp(`^FR – ${tr('fr', 'app.language')}`) });
  await expect(menu).toBeVisible();
  await axe();

  // Choosing another language here keeps it with the person too.
  await menu.click();
  await page.getByRole('menuitem', { name: tr('fr', 'app.languages.en') }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect
    .poll(async () => ((await (await request.get('/api/User', { headers: a.me.headers })).json()) as { language: string }).language)
    .toBe('en');
});

test('editing an organization that has sent an application says the application keeps the data it was sent with', async ({
  page,
  request,
  axe,
}) => {
  const call = await createOpenCall(request, {
    namePrefix: 'E2E dati inviati',
    description: '<p>x</p>',
    steps: [{ name: 'Benvenuto', stepTypeId: KIND.text, content: { html: '<p>Ciao</p>' } }],
  });
  const a = await applicant(request, 'sent data');
  await closeSubmission(request, a, await start(request, a, call.id));
  await signIn(page, a, 'it');
  await page.goto('/calls');
  await page.getByTitle(new RegExp(`^${tr('it', 'user-menu.open', { name: '' }).trim()}`)).click();
  await page.getByRole('menuitem', { name: tr('it', 'user-menu.your-organizations') }).click();
  await page
    .getByRole('link', { name: new RegExp(`^${tr('it', 'pages.organizations.edit')}: `) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('it', 'pages.organizations.edit-title'));
  await expect(page.getByRole('alert').filter({ hasText: tr('it', 'pages.organizations.sent-keep-data', { count: 1 }) })).toBeVisible();
  await axe();
});

test('an indicator with two financial proxies is one card with a choice of proxy, counted once', async ({ page, request, axe }) => {
  const call = await createOpenCall(request, {
    namePrefix: 'E2E one indicator',
    description: '<p>x</p>',
    extra: { closingAt: new Date(Date.now() + 2 * 86_400_000 - 60_000).toISOString() },
    steps: [
      { name: 'Impact design', stepTypeId: KIND.miniDyi, content: { frameworkId: DEMO_FRAMEWORK, showSdgFilter: false } },
      { name: 'Results', stepTypeId: KIND.results, content: { lowerScore: 1, upperScore: 8 } },
    ],
  });
  const a = await applicant(request, 'one indicator');
  await start(request, a, call.id);
  await signIn(page, a, 'en');
  await page.goto('/calls');
  // The list comes a page at a time: "show more" until the call is there, as the applicant would.
  const card = page.getByRole('article', { name: call.name });
  const more = page.getByRole('button', { name: tr('en', 'pages.calls.show-more') });
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(async () => {
    if (await card.isVisible()) return;
    // Disabled while a page loads, gone after the last one.
    if (await more.isEnabled({ timeout: 1_000 }).catch(() => false)) await more.click({ timeout: 2_000 });
    await expect(card).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await card.getByRole('button', { name: tr('en', 'pages.calls.actions.resume') }).click();
  const mini = new MiniDyiPage(page);
  await mini.sidebarEntry(tr('en', 'components.mini-dyi.steps.budget')).click();
  await mini.budget.fill('100000');
  await mini.sidebarEntry(tr('en', 'components.mini-dyi.steps.outcomes')).click();
  await mini.main.getByRole('checkbox', { name: /Occupazione giovanile/ }).check();
  await mini.sidebarEntry(tr('en', 'components.mini-dyi.steps.indicators')).click();
  const outcome = mini.outcomeCard('Occupazione giovanile');
  const neets = outcome.indicators.filter({ hasText: 'NEET occupati da sei mesi o più' });
  await expect(neets).toHaveCount(1);
  const proxy = neets.getByRole('combobox', { name: tr('en', 'components.mini-dyi.indicators.proxy-choice') });
  await expect(proxy).toHaveValue(/.+/);
  await expect(proxy.locator('option:checked')).toContainText('Stipendio netto medio annuo degli under 30');
  await neets.getByRole('checkbox').check();
  await neets.getByTestId('indicator-target').fill('10');
  await proxy.selectOption({ label: (await proxy.locator('option').nth(1).textContent()) ?? '' });
  await expect(proxy.locator('option:checked')).toContainText('Costo pubblico annuo evitato per un NEET');
  await expect(neets.getByTestId('indicator-target')).toHaveValue('10');
  await axe();
});

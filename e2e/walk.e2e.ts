/**
 * The walk: every console tab (and the screens they lead to) and every applicant
 * route of the spec's section 2, reached by clicking from where a person starts, each with an
 * axe check; on a phone, no screen is wider than the phone. What each screen does is tested
 * in its own file; this one makes sure none is left out of the accessibility checks.
 *
 * Not walked: the spec's analytics routes (/powerbi-report-rls/..., /admin/report-list/...,
 * /admin/report/..., /admin/pbi-report-list, /admin/powerbi-report/...), which belong to the
 * reports issue and do not exist yet.
 */
import { catalogKeys, CATALOGS, translate } from '@impact-calls/domain';
import type { Page } from '@playwright/test';
import { expect, test, useSessionInBrowser, type AxeOptions } from './fixtures';
import { LandingPage } from './pages/LandingPage';
import { SignInPage, uniqueEmail } from './pages/SignInPage';
import { applicant, closeSubmission, saveAnswer, signIn, start, stepIds, type Language } from './support/applicants';
import { userSession } from './support/session';
import { createOpenCall, STEP_KIND as KIND } from './support/calls';
import { adminSession } from './support/session';

const tr = (language: Language, key: string) => translate(language, key);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Third-party editors with findings of their own (SurveyJS's form and creator): their surroundings are checked. */
const SURVEYJS: AxeOptions = {
  exclude: ['.sd-root-modern', '.svc-creator__area', '.svc-toolbox', '.svc-side-bar', '.svc-tabbed-menu', '.svc-top-bar'],
};

/**
 * The product's English interface texts that read differently in `language`: phrases (two words
 * or more, placeholders cut out) that must not show on a screen in that language.
 */
function englishOnly(language: Language): string[] {
  const phrases = new Set<string>();
  // A phrase the language's own texts use too (a product name: "Survey Creator") is no leftover.
  const own = catalogKeys(CATALOGS[language])
    .map((key) => translate(language, key))
    .join('\n');
  for (const key of catalogKeys(CATALOGS.en)) {
    const en = translate('en', key);
    if (en === translate(language, key)) continue;
    for (const part of en.split(/\{\{[^}]*\}\}|\|\|\|\|/)) {
      const phrase = part.trim().replace(/[.:,;!?]+$/, '');
      if (phrase.length >= 12 && /\s/.test(phrase) && /^[A-Za-z]/.test(phrase) && !own.includes(phrase)) phrases.add(phrase);
    }
  }
  return [...phrases];
}

/** Fails when an English interface text shows on a screen in another language (SurveyJS's own editors left out: they localize themselves). */
async function speaks(page: Page, language: Language, phrases: string[]): Promise<void> {
  const text = await page.evaluate((excluded) => {
    let all = document.body.innerText;
    for (const el of document.querySelectorAll<HTMLElement>(excluded.join(','))) all = all.replace(el.innerText, '');
    return all;
  }, SURVEYJS.exclude ?? []);
  const left = phrases.filter((p) => text.includes(p));
  expect(left, `English on ${page.url()} (${language})`).toEqual([]);
}

/** Fails when the page is wider than the window (a table or form overflowing on a phone). */
async function fitsTheWindow(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, `page ${page.url()} is ${scroll}px wide in a ${width}px window`).toBeLessThanOrEqual(width);
}

async function menu(page: Page, label: string): Promise<void> {
  const item = page.getByRole('menuitem', { name: label });
  if (!(await item.isVisible())) await page.getByRole('button', { name: /menu/i }).first().click();
  await item.click();
}

/** The console, screen after screen, in a language: every tab and what it leads to. */
async function walkConsole(page: Page, language: Language, check: (options?: AxeOptions) => Promise<void>, phone: boolean) {
  const t = (key: string) => tr(language, key);
  // A screen that crashes (react-admin's "something went wrong") fails the walk where it happens.
  const crashes: string[] = [];
  page.on('pageerror', (e) => crashes.push(`${page.url()}: ${e.message}`));
  const english = englishOnly(language);
  const settle = async (options?: AxeOptions) => {
    await page.waitForLoadState('networkidle');
    expect(crashes).toEqual([]);
    await speaks(page, language, english);
    // On a phone the tapped button keeps the focus (and the emulated pointer stays over it, also after going back),
    // so MUI opens its tooltip a moment later; checked mid-fade it fails contrast. Focus and pointer leave it, as a
    // person's next tap elsewhere would, and the tooltip is let go.
    if (phone) {
      await page.waitForTimeout(800);
      await page.mouse.move(1, 1);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await expect(page.locator('.MuiTooltip-popper')).toHaveCount(0, { timeout: 5_000 });
    }
    await check(options);
    if (phone) await fitsTheWindow(page);
  };
  /**
   * Opens a record from a list: a table row, or on a phone the line of a simple list. With a
   * text, the list is searched first (the other tests add many records: it may be on page 2).
   */
  const rowLink = async (text?: string) => {
    const rows = page.locator('main').locator('tbody tr, li:has(a)');
    if (text) {
      const box = page.getByRole('textbox', { name: t('ra.action.search') });
      if (await box.count()) {
        await box.fill(text);
        // react-admin applies a search after a pause and puts it in the address: then the list is the searched one.
        await expect(page).toHaveURL(new RegExp(escapeRegExp(encodeURIComponent(JSON.stringify({ q: text })))));
        await page.waitForLoadState('networkidle');
      }
    }
    const row = (text ? rows.filter({ hasText: text }) : rows).first();
    // The name, not the row's centre: a row wider than the window has its action buttons there.
    await (text ? row.getByText(text).first() : row).click();
  };

  await page.addInitScript((l) => localStorage.setItem('ic_language', l), language);
  await useSessionInBrowser(page, await adminSession());
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: t('shell.admin.title') })).toBeVisible();
  await expect(page.getByTestId('count-open-calls')).toBeVisible();
  await settle();

  // Calls: the list, a call's editor and its tabs, the simple edit, a new call, call types, step types, surveys, files.
  await menu(page, t('pages.admin.tabs.calls'));
  await expect(page.getByRole('link', { name: t('pages.admin.calls.new-call') })).toBeVisible();
  await settle();
  await rowLink('Bando Impatto di comunità 2026');
  await expect(page.getByRole('tab', { name: t('pages.admin.calls.tab-steps') })).toBeVisible();
  await settle();
  await page.getByRole('tab', { name: t('pages.admin.calls.tab-steps') }).click();
  await expect(page.getByTestId('step-row').first()).toBeVisible();
  await settle();
  await page
    .getByTestId('step-row')
    .first()
    .getByRole('button', { name: t('pages.admin.steps.edit') })
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await settle();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('pages.admin.steps.done') })
    .click();
  await page.getByRole('tab', { name: t('pages.admin.calls.tab-powerbi') }).click();
  await settle();
  await menu(page, t('pages.admin.tabs.calls'));
  if (!phone) {
    await page
      .getByRole('row')
      .filter({ hasText: 'Bando Impatto di comunità 2026' })
      .getByRole('link', { name: t('pages.admin.calls.simple-edit') })
      .click();
    await expect(page).toHaveURL(/\/admin\/calls\/edit\/call\//);
    await settle();
    await menu(page, t('pages.admin.tabs.calls'));
  }
  await page.getByRole('link', { name: t('pages.admin.calls.new-call') }).click();
  await expect(page.getByRole('combobox', { name: t('pages.admin.calls.call-type') })).toBeVisible();
  await settle();
  await menu(page, t('pages.admin.tabs.calls'));
  await page.getByRole('link', { name: t('pages.admin.calls.link-call-types') }).click();
  await expect(page).toHaveURL(/\/admin\/call-types/);
  await settle();
  await rowLink();
  await expect(page.getByRole('textbox', { name: new RegExp(`^${t('resources.call-types.fields.name')}`) })).toBeVisible();
  await settle();
  await page.goBack();
  await page.getByRole('link', { name: new RegExp(`^${t('ra.action.create')}`) }).click();
  await expect(page).toHaveURL(/\/admin\/call-types\/create/);
  await settle();
  await menu(page, t('pages.admin.tabs.calls'));
  await page.getByRole('link', { name: t('pages.admin.steps.types-title') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('pages.admin.steps.types-title') })).toBeVisible();
  await settle();
  await menu(page, t('pages.admin.tabs.calls'));
  await page.getByRole('link', { name: t('pages.admin.calls.link-surveys'), exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/surveys/);
  await settle();
  await page.getByRole('link', { name: t('pages.admin.surveys.create-type-title'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('pages.admin.surveys.create-type-title') })).toBeVisible();
  await settle();
  await page.goBack();
  await rowLink('Questionario di gradimento');
  await expect(page.getByTestId('survey-creator').locator('.svc-creator')).toBeVisible({ timeout: 30_000 });
  await settle(SURVEYJS);
  await menu(page, t('pages.admin.tabs.calls'));
  await page.getByRole('link', { name: t('pages.admin.file-upload.title') }).click();
  await expect(page.getByTestId('admin-drop-zone')).toBeVisible();
  await settle();

  // Submissions: the list, a submission, its attachments.
  await menu(page, t('pages.admin.tabs.submissions'));
  await expect(page.getByRole('textbox', { name: t('resources.submissions.fields.q') })).toBeVisible();
  await settle();
  await rowLink();
  await expect(page.getByTestId('submission-history').or(page.getByText(t('pages.admin.submissions.history-empty')))).toBeVisible();
  await settle();
  await page.getByRole('link', { name: t('pages.admin.submissions.attachments') }).click();
  await expect(page).toHaveURL(/\/admin\/attachments\//);
  await settle();

  // Customize: the configurations and one of them.
  await menu(page, t('pages.admin.tabs.customize'));
  await expect(page).toHaveURL(/\/admin\/configurations/);
  await settle();
  await rowLink('Impact Calls');
  await expect(page.getByRole('tab', { name: new RegExp(t('app.languages.en')) })).toBeVisible();
  await settle();

  // Impact frameworks: the list, one framework, the import form.
  await menu(page, t('pages.admin.tabs.impactframe'));
  await expect(page).toHaveURL(/\/admin\/impact-framework/);
  await settle();
  await rowLink('Framework d’impatto di esempio');
  await expect(page).toHaveURL(/\/admin\/impact-framework\/[0-9a-f-]{36}/);
  await settle();
  await menu(page, t('pages.admin.tabs.impactframe'));
  await page
    .getByRole('link', { name: new RegExp(`^${t('ra.action.create')}|${t('pages.admin.impact-framework.import')}`) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/impact-framework\/create/);
  await settle();

  // Organizations: the list and one of them.
  await menu(page, t('resources.organizations.name').split('||||')[1].trim());
  await expect(page).toHaveURL(/\/admin\/organizations/);
  await settle();
  await rowLink();
  await expect(page).toHaveURL(/\/admin\/organizations\/[0-9a-f-]{36}/);
  await settle();
}

test.describe('the walk: every screen is reachable and passes axe (issue 14)', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ request }) => {
    // A submission with an attachment-less history, so the submission screens have something to show.
    const call = await createOpenCall(request, {
      namePrefix: 'E2E walk',
      description: '<p>x</p>',
      steps: [{ name: 'Questions', stepTypeId: KIND.survey, content: { elements: [{ type: 'text', name: 'q', title: 'Question' }] } }],
    });
    const a = await applicant(request, 'walk');
    const submissionId = await start(request, a, call.id);
    const steps = await stepIds(request, (await adminSession()).headers, call.id);
    await saveAnswer(request, a, submissionId, steps.Questions, { data: { q: 'x' }, currentPageNo: 0, completed: true });
    await closeSubmission(request, a, submissionId);
  });

  test('every console tab and what it leads to, in Italian on a desktop', async ({ page, axe }) => {
    test.setTimeout(240_000);
    await walkConsole(page, 'it', axe, false);
  });

  test('every console tab and what it leads to, in French on a phone @phone', async ({ page, axe }, info) => {
    test.skip(info.project.name !== 'phone', 'the phone walk');
    test.setTimeout(240_000);
    await walkConsole(page, 'fr', axe, true);
  });

  test('every applicant route of the spec, in English (and on a phone) @phone', async ({ page, request, axe }, info) => {
    test.setTimeout(180_000);
    const phone = info.project.name === 'phone';
    const settle = async (options?: AxeOptions) => {
      await page.waitForLoadState('networkidle');
      await axe(options);
      if (phone) await fitsTheWindow(page);
    };
    await page.addInitScript(() => localStorage.setItem('ic_language', 'en'));
    // The fill's presence stream stays open by design, so the network would never be idle: refused here,
    // the app opens it again a few seconds later, which leaves the idle moments `settle` waits for.
    await page.route('**/api/presence/**', (route) => route.abort());

    // / (landing), /login-callback through the sign-in page, then /calls.
    const landing = new LandingPage(page);
    await landing.goto();
    await settle();
    await landing.loginButton().click();
    const email = uniqueEmail('walker');
    await new SignInPage(page).signIn({ email, firstName: 'Walt', lastName: 'Walker' });
    await expect(page).toHaveURL(/\/calls$/);
    // No organization yet: the registration dialog (once per session), then /register-org.
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await settle();
    await dialog.getByRole('button', { name: tr('en', 'app.close') }).click();
    // The close button sits where the account menu is: move away, so the menu (opened by hovering) stays shut.
    await page.mouse.move(5, 400);
    await expect(page.getByRole('menu')).toHaveCount(0);
    await settle();
    const openPanel = async () => {
      if (phone) await page.getByRole('button', { name: tr('en', 'app.open-menu') }).click();
    };
    await openPanel();
    await page.getByRole('link', { name: tr('en', 'user-menu.your-organizations') }).click();
    await expect(page).toHaveURL(/\/org\/list$/);
    await settle();
    await page.goto('/register-org');
    await settle();

    // With an organization: /org/list, /org/edit/{id}, a call's fill screen (/call/{id}/...), read-only.
    const me = await userSession(email);
    const a = { me, orgId: '', headers: me.headers };
    const created = await request.post('/api/Organization/CreateOrganization', {
      headers: me.headers,
      data: {
        name: `Walk org ${Date.now().toString(36)}`,
        reg_number: 'IT1',
        street_name: 'Via 1',
        city_name: 'Roma',
        country: 'Italy',
        contact_name: 'Walt',
        contact_surname: 'Walker',
        contact_role: 'Director',
        contact_email: email,
        personalData: true,
      },
    });
    a.orgId = ((await created.json()) as { id: string }).id;
    await signIn(page, { ...a, headers: { ...me.headers, SelectedOrganizationId: a.orgId } }, 'en');
    await page.goto('/calls');
    await expect(page.getByRole('article', { name: 'Bando Impatto di comunità 2026' })).toBeVisible();
    await settle();
    await openPanel();
    await page.getByRole('link', { name: tr('en', 'user-menu.your-organizations') }).click();
    await expect(page).toHaveURL(/\/org\/list$/);
    await settle();
    await page
      .getByRole('link', { name: new RegExp(tr('en', 'pages.organizations.edit')) })
      .first()
      .click();
    await expect(page).toHaveURL(/\/org\/edit\/[0-9a-f-]{36}$/);
    await settle();
    await openPanel();
    await page.getByRole('link', { name: tr('en', 'user-menu.back-to-calls') }).click();
    await page
      .getByRole('article', { name: 'Bando Impatto di comunità 2026' })
      .getByRole('button', { name: tr('en', 'pages.calls.actions.submit') })
      .click();
    await expect(page).toHaveURL(/\/call\/[0-9a-f-]{36}/);
    await settle(SURVEYJS);
    const submissionId = page.url().match(/\/call\/([0-9a-f-]{36})/)![1];
    await page.goto(`/call/${submissionId}?readonly=true`);
    await expect(page.getByTestId('read-only-banner')).toBeVisible();
    await settle(SURVEYJS);

    // /logout-callback: the user menu's logout goes through the identity provider and back to /.
    await page.getByRole('button', { name: /Walt Walker/ }).click();
    await page.getByRole('menuitem', { name: tr('en', 'user-menu.logout') }).click();
    await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
    // The provider's own page can end in "/" too: the landing page's button says the way back is over.
    await expect(landing.loginButton()).toBeVisible({ timeout: 20_000 });
    await settle();
  });
});

import { translate } from '@impact-calls/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, useSessionInBrowser } from './fixtures';
import { CallEditorPage } from './pages/CallEditorPage';
import { CallsPage } from './pages/CallsPage';
import { LandingPage } from './pages/LandingPage';
import { SignInPage, uniqueEmail } from './pages/SignInPage';
import { E2E } from './support/env';
import { adminSession, userSession, type TestUser } from './support/session';

const it = (key: string) => translate('it', key);
/** A label that starts with the text (required fields end with " *"). */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const DAY = 86_400_000;
const TEXT = '5e0c0001-0000-4000-8000-000000000001';
/** `YYYY-MM-DDTHH:mm` for a datetime-local input, in the browser's zone (UTC in the tests' Chromium is not assumed). */
const localInput = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** Nothing left out: the rich text editor and the account button have no serious finding any more. */
const ADMIN_AXE = {};
const APPLICANT_AXE = {};

const QUIZ_JSON = JSON.stringify({
  pages: [
    {
      name: 'p1',
      elements: [
        { type: 'radiogroup', name: 'capital', title: 'Capitale d’Italia?', choices: ['Roma', 'Milano'] },
        { type: 'radiogroup', name: 'sdgs', title: 'Quanti sono gli SDG?', choices: ['12', '17'] },
      ],
    },
  ],
});

async function signInAsAdmin(page: Page): Promise<void> {
  const landing = new LandingPage(page);
  await landing.goto();
  await landing.loginButton('Accedi').click();
  await new SignInPage(page).signIn({ email: 'admin@example.org', firstName: 'Ada', lastName: 'Admin' });
  await expect(page).toHaveURL(/\/calls$/);
}

async function createCallByApi(request: APIRequestContext, admin: TestUser, o: Record<string, unknown>): Promise<void> {
  const res = await request.post('/api/Call/CreateCall', {
    headers: admin.headers,
    data: {
      description: '<p>E2E</p>',
      openingAt: new Date(Date.now() - DAY).toISOString(),
      closingAt: new Date(Date.now() + 20 * DAY).toISOString(),
      callType: { steps: [{ name: 'Benvenuto', stepTypeId: TEXT, content: { html: '<p>Ciao</p>' } }] },
      ...o,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** An applicant with an organization, signed in through the session cookie. */
async function applicantWithOrganization(page: Page, request: APIRequestContext, email: string): Promise<TestUser> {
  const user = await userSession(email, { firstName: 'Bruna', lastName: 'Rossi' });
  const res = await request.post('/api/Organization/CreateOrganization', {
    headers: user.headers,
    data: {
      name: `Cooperativa ${email.slice(0, 12)}`,
      reg_number: 'IT01234567890',
      street_name: 'Via Roma 1',
      city_name: 'Torino',
      country: 'Italia',
      contact_name: 'Bruna',
      contact_surname: 'Rossi',
      contact_role: 'Presidente',
      contact_email: email,
      personalData: true,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await useSessionInBrowser(page, user);
  return user;
}

test.describe.serial('calls', () => {
  const prefix = `E2E ${Date.now().toString(36)}`;
  const designed = `${prefix} M progettato`;

  test('an admin creates a call with a step of each kind, reorders and removes steps, saves and sees it listed', async ({
    page,
    axe,
    request,
  }) => {
    test.setTimeout(180_000);
    await signInAsAdmin(page);
    const editor = new CallEditorPage(page);
    await editor.gotoList();
    await editor.newCall();

    // "New call" opens one month ahead and closes three months ahead.
    const opening = await page.getByLabel(/^Data di apertura/).inputValue();
    const inAMonth = new Date(Date.now() + 28 * DAY);
    expect(new Date(opening).getTime()).toBeGreaterThan(inAMonth.getTime());

    // Save stays disabled until the call has a name.
    await expect(page.getByRole('button', { name: 'Salva' })).toBeDisabled();
    await editor.fillGeneral({
      name: designed,
      description: 'Un bando progettato nella console.',
      openingAt: localInput(new Date(Date.now() - DAY)),
      closingAt: localInput(new Date(Date.now() + 40 * DAY)),
    });
    await expect(page.getByRole('button', { name: 'Salva' })).toBeEnabled();
    await axe(ADMIN_AXE);

    await editor.openTab('tab-steps');

    await editor.addStep('text');
    await editor.setStepTitle('Introduzione');
    const html = editor.panel.locator('.ProseMirror');
    await html.click();
    await html.pressSequentially('Benvenuti nel bando.');
    await editor.closePanel();

    await editor.addStep('upload');
    await editor.setStepTitle('Documenti');
    await editor.panel.getByRole('textbox', { name: /^Nome del file/ }).fill('Piano del progetto');
    await editor.closePanel();

    await editor.addStep('survey');
    await editor.setStepTitle('Questionario di gradimento');
    await editor.choose(it('pages.admin.steps.survey.from-library'), 'Questionario di gradimento');
    await expect(editor.panel.getByTestId('survey-summary')).toHaveText(/4/);
    await editor.closePanel();

    await editor.addStep('quiz');
    await editor.setStepTitle('Quiz');
    await editor.panel.getByRole('button', { name: it('pages.admin.steps.survey.edit-json') }).click();
    await editor.panel.getByRole('textbox', { name: it('pages.admin.steps.survey.json') }).fill(QUIZ_JSON);
    await expect(editor.panel.getByText(it('pages.admin.steps.quiz.mark-one'))).toBeVisible();
    await editor.choose('Capitale d’Italia?', 'Roma');
    await expect(editor.panel.getByText(it('pages.admin.steps.quiz.mark-one'))).toHaveCount(0);
    await editor.closePanel();

    await editor.addStep('miniDyi');
    await editor.setStepTitle('Progettazione dell’impatto');
    await editor.choose(new RegExp(it('pages.admin.steps.minidyi.framework')), 'Framework d’impatto di esempio');
    // The SROI options: rates in percent; the build-up chosen with the keyboard only.
    await editor.panelField(startsWith(it('pages.admin.steps.minidyi.sroi.discount-rate'))).fill('3.5');
    await editor.panelField(startsWith(it('pages.admin.steps.minidyi.sroi.deadweight'))).fill('20');
    const rampUp = editor.panel.getByRole('combobox', { name: startsWith(it('pages.admin.steps.minidyi.sroi.ramp-up')) });
    await rampUp.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(rampUp).toHaveText(it('pages.admin.steps.minidyi.sroi.ramp-ups.linear'));
    await axe(ADMIN_AXE);
    await editor.closePanel();

    await editor.addStep('results');
    await editor.setStepTitle('Risultati');
    await editor.closePanel();

    await editor.addStep('text');
    await editor.setStepTitle('Da rimuovere');
    await editor.closePanel();

    await expect
      .poll(() => editor.stepNames())
      .toEqual([
        'Introduzione',
        'Documenti',
        'Questionario di gradimento',
        'Quiz',
        'Progettazione dell’impatto',
        'Risultati',
        'Da rimuovere',
      ]);
    // Reorder: the quiz before the survey, then the results before the impact design; remove the last one.
    await editor.moveUp(3);
    await editor.moveUp(5);
    await editor.remove(6);
    const order = ['Introduzione', 'Documenti', 'Quiz', 'Questionario di gradimento', 'Risultati', 'Progettazione dell’impatto'];
    await expect.poll(() => editor.stepNames()).toEqual(order);
    await axe(ADMIN_AXE);

    await editor.save();
    await expect(editor.notification(it('pages.admin.call-created-successfully'))).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/calls(\?.*)?$/);
    await page.getByRole('textbox', { name: 'Cerca' }).fill(designed);
    await expect(editor.listRow(designed)).toBeVisible();
    await expect(editor.listRow(designed)).toContainText(it('pages.admin.calls.phase.open'));

    // What was saved: the steps in that order, sort 1..n, one of each kind, the quiz key on the server.
    const admin = await adminSession();
    const found = await request.get(`/api/admin/calls?filter=${encodeURIComponent(JSON.stringify({ q: designed }))}`, {
      headers: admin.headers,
    });
    const [call] = (await found.json()) as { id: string }[];
    const detail = await (await request.get(`/api/Call/GetCallByIdAdmin?id=${call.id}`, { headers: admin.headers })).json();
    const steps = detail.callType.steps as {
      name: string;
      sort: number;
      stepTypeName: string;
      content: unknown;
      expectedAnswers: unknown;
    }[];
    expect(steps.map((s) => s.name)).toEqual(order);
    expect(steps.map((s) => s.sort)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(steps.map((s) => s.stepTypeName).sort()).toEqual(['miniDyi', 'quiz', 'results', 'survey', 'text', 'upload']);
    expect(steps.find((s) => s.stepTypeName === 'quiz')!.expectedAnswers).toEqual({ capital: 'Roma' });
    expect(steps.find((s) => s.stepTypeName === 'miniDyi')!.content).toMatchObject({
      sroi: { years: 3, discountRate: 0.035, deadweight: 0.2, displacement: 0, attribution: 0, dropOff: 0, rampUp: 'linear' },
    });

    // Reopen it at /admin/calls/{callId}: the editor shows the saved steps in order.
    await page.goto(`/admin/calls/${call.id}`);
    await expect(page.getByRole('textbox', { name: /^Nome/ })).toHaveValue(designed);
    await editor.openTab('tab-steps');
    await expect.poll(() => editor.stepNames()).toEqual(order);
  });

  test('an applicant sees the calls in the right group and order; a filtered-out applicant does not see a restricted call', async ({
    page,
    axe,
    request,
    browser,
  }) => {
    const admin = await adminSession();
    const allowedEmail = uniqueEmail('allowed');
    await createCallByApi(request, admin, { name: `${prefix} B aperto` });
    await createCallByApi(request, admin, { name: `${prefix} A aperto` });
    await createCallByApi(request, admin, {
      name: `${prefix} C chiuso`,
      openingAt: new Date(Date.now() - 9 * DAY).toISOString(),
      closingAt: new Date(Date.now() - DAY).toISOString(),
    });
    await createCallByApi(request, admin, {
      name: `${prefix} D in arrivo`,
      openingAt: new Date(Date.now() + 5 * DAY).toISOString(),
      closingAt: new Date(Date.now() + 9 * DAY).toISOString(),
    });
    await createCallByApi(request, admin, {
      name: `${prefix} R riservato`,
      isUserFilterEnable: true,
      userFilterEmail: `someone@example.org, ${allowedEmail.toUpperCase()}`,
    });

    await applicantWithOrganization(page, request, allowedEmail);
    const calls = new CallsPage(page);
    await calls.goto();
    const mine = (names: string[]) => names.filter((n) => n.startsWith(prefix));
    await expect(calls.card(`${prefix} A aperto`)).toBeVisible();
    expect(mine(await calls.names(calls.openGroup))).toEqual([
      `${prefix} A aperto`,
      `${prefix} B aperto`,
      designed,
      `${prefix} R riservato`,
    ]);
    expect(mine(await calls.names(calls.closedGroup))).toEqual([`${prefix} C chiuso`, `${prefix} D in arrivo`]);
    await expect(calls.status(calls.card(`${prefix} A aperto`))).toHaveText(it('pages.calls.status.open'));
    await expect(calls.status(calls.card(`${prefix} C chiuso`))).toHaveText(it('pages.calls.status.close'));
    await expect(calls.button(calls.card(`${prefix} C chiuso`), 'closed')).toBeDisabled();
    await axe(APPLICANT_AXE);

    // Submit on a call not started creates the submission and opens the fill screen.
    await calls.button(calls.card(`${prefix} R riservato`), 'submit').click();
    await expect(page).toHaveURL(/\/call\/[0-9a-f-]{36}$/);
    await calls.goto();
    await expect(calls.button(calls.card(`${prefix} R riservato`), 'resume')).toBeEnabled();

    // Another applicant: the restricted call is not there, the others are.
    const context = await browser.newContext({ baseURL: E2E.baseURL, locale: 'it-IT' });
    const other = await context.newPage();
    await applicantWithOrganization(other, request, uniqueEmail('other'));
    const otherCalls = new CallsPage(other);
    await otherCalls.goto();
    await expect(otherCalls.card(`${prefix} A aperto`)).toBeVisible();
    await expect(otherCalls.card(`${prefix} R riservato`)).toHaveCount(0);
    expect(mine(await otherCalls.names(otherCalls.openGroup))).toEqual([`${prefix} A aperto`, `${prefix} B aperto`, designed]);
    await context.close();
  });

  test('without an organization the buttons are disabled and registering one is proposed @phone', async ({ page, axe, request }) => {
    const name = `E2E ${Date.now().toString(36)} senza organizzazione`;
    await createCallByApi(request, await adminSession(), { name });
    const user = await userSession(uniqueEmail('noorg'));
    await useSessionInBrowser(page, user);
    const calls = new CallsPage(page);
    await page.goto('/calls');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await calls.showAll();
    await expect(calls.card(name)).toBeVisible();
    await expect(calls.button(calls.card(name), 'submit')).toBeDisabled();
    await expect(calls.main.getByText(it('pages.calls.no-organization'))).toBeVisible();
    await axe(APPLICANT_AXE);
  });
});

test('an applicant reads the whole of a long description with "read more"', async ({ page, axe, request }) => {
  const name = `E2E ${Date.now().toString(36)} descrizione lunga`;
  // Eight paragraphs, well past the list's 280 characters; the last sentence is only in the whole text.
  const paragraphs = Array.from(
    { length: 8 },
    (_, i) => `Paragrafo ${i + 1}: il bando sostiene progetti di comunità nei quartieri della città.`,
  );
  const last = 'Ultima frase: le domande si chiudono a mezzanotte.';
  const description = [...paragraphs, last].map((p) => `<p>${p}</p>`).join('');
  await createCallByApi(request, await adminSession(), { name, description });
  await applicantWithOrganization(page, request, uniqueEmail('readmore'));
  const calls = new CallsPage(page);
  await calls.goto();
  const card = calls.card(name);
  await expect(card).toBeVisible();

  // The list shows the beginning, cut with an ellipsis, and "read more".
  await expect(card).toContainText(paragraphs[0]);
  await expect(card).toContainText('…');
  await expect(card.getByText(last)).toHaveCount(0);
  await expect(card.getByText('Paragrafo 8:')).toHaveCount(0);
  await axe(APPLICANT_AXE);

  await calls.readMore(card).click();
  // The whole description, every paragraph, and no "read more" left.
  for (const p of [...paragraphs, last]) await expect(card.getByText(p, { exact: true })).toBeVisible();
  await expect(card).not.toContainText('…');
  await expect(calls.readMore(card)).toHaveCount(0);
  await axe(APPLICANT_AXE);
});

import { formatSroi } from '@impact-calls/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, useSessionInBrowser } from './fixtures';
import { FillPage } from './pages/FillPage';
import { MiniDyiPage } from './pages/MiniDyiPage';
import { uniqueEmail } from './pages/SignInPage';
import { createOpenCall, STEP_KIND } from './support/calls';
import { adminSession, userSession, type TestUser } from './support/session';

const KIND = STEP_KIND;
/** The demo content's impact framework (the shipped example workbook). */
const DEMO_FRAMEWORK = 'a1d0c0de-0000-4000-8000-00000000f001';
/** Nothing left out: the shell's account button no longer has its label-content-name-mismatch. */
const AXE = {};

/** A call made through the console API: welcome text, the miniDyi step with these options, results. */
async function createCall(request: APIRequestContext, options: Record<string, unknown>): Promise<{ id: string; name: string }> {
  return createOpenCall(request, {
    namePrefix: 'E2E impact call',
    description: '<p>Impact design end to end</p>',
    steps: [
      { name: 'Welcome', stepTypeId: KIND.text, content: { html: '<p>Welcome</p>' } },
      { name: 'Impact design', stepTypeId: KIND.miniDyi, content: { frameworkId: DEMO_FRAMEWORK, ...options } },
      { name: 'Results', stepTypeId: KIND.results, content: { lowerScore: 0, upperScore: 10 } },
    ],
  });
}

interface Applicant {
  me: TestUser;
  headers: Record<string, string>;
  submissionId: string;
}

/** A new applicant with an organization who started the call, signed in in the browser (English). */
async function startApplication(page: Page, request: APIRequestContext, callId: string): Promise<Applicant> {
  const email = uniqueEmail('minidyi');
  const me = await userSession(email, { firstName: 'Irene', lastName: 'Impact' });
  const org = await request.post('/api/Organization/CreateOrganization', {
    headers: me.headers,
    data: {
      name: `Impact org ${Date.now().toString(36)}`,
      reg_number: 'IT0042',
      street_name: 'Via Garibaldi 3',
      city_name: 'Bologna',
      country: 'Italy',
      contact_name: 'Irene',
      contact_surname: 'Impact',
      contact_role: 'Director',
      contact_email: email,
      personalData: true,
    },
  });
  expect(org.status(), await org.text()).toBeLessThan(300);
  const orgId = ((await org.json()) as { id: string }).id;
  const headers = { ...me.headers, SelectedOrganizationId: orgId };
  const started = await request.post('/api/Call/UpsertCallSubmission', { headers, data: { callId } });
  expect(started.status(), await started.text()).toBeLessThan(300);
  await page.addInitScript(() => localStorage.setItem('ic_language', 'en'));
  await useSessionInBrowser(page, me);
  await page.context().addCookies([{ name: 'ic_organization', value: orgId, url: process.env.E2E_BASE_URL! }]);
  return { me, headers, submissionId: ((await started.json()) as { id: string }).id };
}

/** The demo framework's outcomes of some SDGs, by name, in the order the screen lists them. */
async function outcomeNames(request: APIRequestContext, a: Applicant, sdgs: number[]): Promise<string[]> {
  const res = await request.post(`/api/Outcome/GetOutcomeType?ifSetId=${DEMO_FRAMEWORK}`, { headers: a.headers, data: sdgs });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { name: string }[]).map((o) => o.name);
}

test.describe('impact design (miniDyi)', () => {
  test.describe.configure({ mode: 'serial' });

  test('with the SDG filter on: SDGs, outcomes, indicators, a custom outcome, the SROI message; submitted, the administrator sees the same SROI', async ({
    page,
    request,
    axe,
    browser,
  }) => {
    test.setTimeout(180_000);
    const call = await createCall(request, { showSdgFilter: true, maxOutcomeSelect: 2, maxSdgSelect: 2 });
    const a = await startApplication(page, request, call.id);
    const [outcomeA] = await outcomeNames(request, a, [1]);
    const [outcomeB] = await outcomeNames(request, a, [4]);
    const fill = new FillPage(page);
    const mini = new MiniDyiPage(page);

    await fill.goto(a.submissionId);
    await fill.expectStep('Welcome');
    await fill.next.click();

    // Introduction, with the help modal.
    await fill.expectStep('Impact design');
    await mini.expectSubStep('Design the impact of your project');
    await page.getByTestId('help-method').click();
    const help = page.getByRole('dialog', { name: 'Outcomes, stakeholders, indicators and proxies' });
    await expect(help).toBeVisible();
    await help.getByRole('button', { name: 'Close' }).click();
    await expect(help).toHaveCount(0);
    await axe(AXE);
    await fill.next.click();

    // Budget, with the helper popup.
    await mini.expectSubStep('Budget');
    await mini.budget.fill('50000');
    await page.getByRole('button', { name: 'About the budget' }).click();
    await expect(page.getByRole('dialog', { name: 'About the budget' })).toContainText('Without a budget the SROI cannot be estimated');
    await page.keyboard.press('Escape');
    await fill.next.click();

    // SDGs: at least one is needed; at most two (the step's maxSdgSelect).
    await mini.expectSubStep('Sustainable Development Goals');
    await fill.next.click();
    await expect(fill.nextBlocked).toHaveText('Select at least one SDG');
    await mini.sdgTile(1).click();
    await mini.sdgTile(4).click();
    await mini.sdgTile(13).click();
    await expect(mini.sdgTile(13)).toHaveAttribute('aria-pressed', 'false');
    await expect(mini.sdgTile(4)).toHaveAttribute('aria-pressed', 'true');
    await expect(mini.sdgCount).toContainText('2 of 2 selected');
    await axe(AXE);
    await fill.next.click();

    // Outcomes, grouped by SDG, with the info drawer.
    await mini.expectSubStep('Outcomes');
    await mini.outcome(outcomeA).check();
    await mini.outcome(outcomeB).check();
    await mini.outcomeInfo(outcomeA).click();
    await expect(mini.drawer).toContainText(outcomeA);
    await expect(mini.drawer.getByRole('listitem').first()).toBeVisible();
    await axe(AXE);
    await page.keyboard.press('Escape');
    await expect(mini.drawer).toHaveCount(0);
    await axe(AXE);
    await fill.next.click();

    // Indicators: "next" is blocked in red until every outcome has a stakeholder.
    await mini.expectSubStep('Indicators');
    await expect(mini.stakeholderError).toBeVisible();
    // "Next" points at the message where it stands (said once, not again above the buttons).
    await fill.next.click();
    await expect(mini.stakeholderError).toBeFocused();
    await expect(fill.nextBlocked).toHaveCount(0);
    const cardA = mini.outcomeCard(outcomeA);
    const cardB = mini.outcomeCard(outcomeB);
    await cardA.chooseStakeholder('Famiglie a basso reddito');
    await cardA.tick(0, '20');
    await cardB.chooseStakeholder('Bambini e studenti');
    await cardB.tick(0, '10');
    await expect(mini.stakeholderError).toHaveCount(0);
    await expect(mini.sroiRatio).toHaveText(/^1 : \d+\.\d\d$/);
    await expect(mini.sroiOver).toContainText('over 8');
    await axe(AXE);
    await fill.next.click();

    // A custom outcome.
    await mini.expectSubStep('Custom outcomes');
    await mini.addCustomOutcome.click();
    const custom = mini.customOutcome(0);
    await custom.name.fill('Neighbours help each other');
    await custom.chooseStakeholder('Residenti del quartiere');
    await custom.indicatorName.fill('Volunteer hours');
    await custom.target.fill('500');
    await custom.proxyValue.fill('15,5');
    await expect(mini.sroiRatio).toHaveText(/^1 : \d+\.\d\d$/);
    const ratio = (await mini.sroiRatio.textContent())!;
    await axe(AXE);
    await fill.expectSaved();

    // Leave and come back: every choice is restored.
    await page.reload();
    await mini.expectSubStep('Custom outcomes');
    await expect(mini.customOutcome(0).name).toHaveValue('Neighbours help each other');
    await expect(mini.customOutcome(0).proxyValue).toHaveValue('15.5');
    await mini.sidebarEntry('Indicators').click();
    await expect(mini.outcomeCard(outcomeA).targets.first()).toHaveValue('20');
    await expect(mini.outcomeCard(outcomeA).card.getByRole('combobox', { name: /Stakeholder/ })).toHaveText('Famiglie a basso reddito');
    await expect(mini.sroiRatio).toHaveText(ratio);
    await mini.sidebarEntry('SDGs').click();
    await expect(mini.sdgTile(1)).toHaveAttribute('aria-pressed', 'true');
    await mini.sidebarEntry('Budget').click();
    await expect(mini.budget).toHaveValue('50000');

    // The results step shows the SROI the API computed; then submit.
    await fill.openStep('Results');
    await expect(page.getByTestId('result-sroi')).toContainText(ratio);
    await fill.submitAndConfirm();
    const sub = (await (
      await request.get(`/api/Call/GetSubmissionByID?submissionId=${a.submissionId}`, { headers: a.headers })
    ).json()) as {
      sroiScore: number;
      closed: boolean;
    };
    expect(sub.closed).toBe(true);
    expect(formatSroi(sub.sroiScore)).toBe(ratio);

    // Read-only afterwards.
    await fill.goto(a.submissionId, { step: 1, readonly: true });
    await mini.sidebarEntry('Custom outcomes').click();
    await expect(mini.customOutcome(0).name).toBeDisabled();
    await expect(mini.addCustomOutcome).toHaveCount(0);

    // The administrator's review shows the same SROI.
    const adminContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'en-US' });
    const adminPage = await adminContext.newPage();
    await adminPage.addInitScript(() => localStorage.setItem('ic_language', 'en'));
    await useSessionInBrowser(adminPage, await adminSession());
    await adminPage.goto(`/admin/submissions/${a.submissionId}/show`);
    await expect(adminPage.getByTestId('review-sroi')).toHaveText(`SROI: ${ratio}`);
    await adminPage.getByRole('button', { name: /Impact design/ }).click();
    const review = adminPage.getByTestId('review-step');
    await expect(review.getByTestId('sroi-ratio')).toHaveText(ratio);
    await expect(review.getByTestId('minidyi-summary')).toContainText('Neighbours help each other');
    await expect(review.getByTestId('minidyi-summary')).toContainText('Famiglie a basso reddito');
    await adminContext.close();
  });

  test('with the SDG filter off: the SDG sub-step is skipped both ways and the outcome limit is a total @phone', async ({
    page,
    request,
    axe,
  }) => {
    test.setTimeout(120_000);
    const call = await createCall(request, { showSdgFilter: false, maxOutcomeSelect: 2 });
    const a = await startApplication(page, request, call.id);
    const all = await outcomeNames(request, a, []);
    const [first, second, third] = [all[0], all[all.length - 1], all[1]];
    const fill = new FillPage(page);
    const mini = new MiniDyiPage(page);

    await fill.goto(a.submissionId, { step: 1 });
    await mini.expectSubStep('Design the impact of your project');
    await fill.next.click();
    await mini.expectSubStep('Budget');
    await mini.budget.fill('100000');
    await fill.next.click();
    await mini.expectSubStep('Outcomes'); // no SDG sub-step
    await fill.previous.click();
    await mini.expectSubStep('Budget');
    await fill.next.click();
    await mini.expectSubStep('Outcomes');
    await expect(mini.sdgTile(1)).toHaveCount(0);

    await mini.outcome(first).check();
    await mini.outcome(second).check();
    await expect(page.getByTestId('outcome-count')).toHaveText('2 of 2 outcomes selected');
    await expect(mini.outcome(third)).toBeDisabled();
    await axe(AXE);
    await mini.outcome(second).uncheck();
    await expect(mini.outcome(third)).toBeEnabled();
    await mini.outcome(second).check();
    await fill.next.click();

    await mini.expectSubStep('Indicators');
    for (const [name, stakeholder] of [
      [first, 'Famiglie a basso reddito'],
      [second, 'Volontari'],
    ]) {
      const card = mini.outcomeCard(name);
      await card.chooseStakeholder(stakeholder);
      await card.tick(0, '3');
    }
    await expect(mini.sroiRatio).toHaveText(/^1 : \d+\.\d\d$/);
    await expect(mini.sroiOver).toHaveCount(0);
    const ratio = (await mini.sroiRatio.textContent())!;
    await axe(AXE);
    await fill.next.click();
    await mini.expectSubStep('Custom outcomes');
    await fill.next.click();
    await fill.expectStep('Results');
    await expect(page.getByTestId('result-sroi')).toContainText(ratio);
    await fill.submitAndConfirm();
    const res = await request.get(`/api/ImpactFramework/MiniDYI?submissionId=${a.submissionId}&stepId=${await stepId(request, a)}`, {
      headers: a.headers,
    });
    const saved = (await res.json()) as {
      isSdgEnabled: boolean;
      sdg: number[];
      selectedOutcomes: unknown[];
      sroi: { ratio: string };
      readOnly: boolean;
    };
    expect(saved).toMatchObject({ isSdgEnabled: false, sdg: [], readOnly: true });
    expect(saved.selectedOutcomes).toHaveLength(2);
    expect(saved.sroi.ratio).toBe(ratio);
  });
});

async function stepId(request: APIRequestContext, a: Applicant): Promise<string> {
  const sub = (await (await request.get(`/api/Call/GetSubmissionByID?submissionId=${a.submissionId}`, { headers: a.headers })).json()) as {
    steps: { id: string; stepTypeName: string }[];
  };
  return sub.steps.find((s) => s.stepTypeName === 'miniDyi')!.id;
}

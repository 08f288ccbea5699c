import { aggregateScores, formatDecimal, reviewScore, translate, type Language } from '@impact-calls/domain';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { expect, expectNoSeriousA11yViolations, test, useSessionInBrowser } from './fixtures';
import { LandingPage } from './pages/LandingPage';
import { ReviewAdminPage } from './pages/ReviewAdminPage';
import { ReviewWorkspacePage } from './pages/ReviewWorkspacePage';
import { SignInPage, uniqueEmail } from './pages/SignInPage';
import { createOpenCall, STEP_KIND } from './support/calls';
import { stepIds } from './support/applicants';
import { expectNoSidewaysScroll } from './support/layout';
import type { OutboxMessage } from './support/outbox';
import { adminSession, userSession, type TestUser } from './support/session';

/*
 * The review panel end to end (issue 31), each person clicking in from where they start: an
 * administrator sets a blind phase and a rubric, adds two reviewers and assigns automatically;
 * reviewer 1 scores every application without ever seeing an organization's name; reviewer 2,
 * in French, declares a conflict and scores the rest; the administrator ranks, decides in bulk
 * and releases; an applicant sees the outcome and has received the message in English.
 */

const it = (key: string, vars?: Record<string, string | number>) => translate('it', key, vars);
const DAY = 86_400_000;
const SHOTS = '/tmp/review-shots';
// The applicant shell's account button (a known contrast finding of the top bar, as documents.e2e.ts leaves out).
const APPLICANT_AXE = { exclude: ['header button[aria-haspopup="menu"]'] };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n'.padEnd(400, ' '));
/** Every organization of the scene starts so: no reviewer screen may show it in a blind phase. */
const ORG_PREFIX = 'Cooperativa Girasole';

const IMPACT = { name: 'Impatto sociale', min: 0, max: 10, step: 1, weight: 2, guidance: 'Quanto cambia per le persone coinvolte' };
const FEASIBILITY = { name: 'Fattibilità', min: 1, max: 5, step: 0.5, weight: 1 };

if (process.env.REVIEW_SHOTS) mkdirSync(SHOTS, { recursive: true });

/** Screenshots of each screen for a person to look at, when REVIEW_SHOTS is set (they cost time in CI). */
async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  if (!process.env.REVIEW_SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-${info.project.name}.png`, fullPage: true });
}

/** A `datetime-local` value in this machine's time zone (the browser's too). */
function localInput(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The messages of a call in the development outbox (no SMTP_URL: the message row is the delivery), through the console's API. */
async function outbox(request: APIRequestContext, callId: string): Promise<OutboxMessage[]> {
  const filter = encodeURIComponent(JSON.stringify({ callId }));
  const res = await request.get(`/api/admin/messages?filter=${filter}&range=${encodeURIComponent('[0,49]')}`, {
    headers: (await adminSession()).headers,
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as OutboxMessage[];
}

interface Application {
  email: string;
  orgName: string;
  submissionId: string;
  code: string;
  headers: Record<string, string>;
}

/** A call with a text and an upload step, and `n` applications submitted with a file named after the organization (through the API). */
async function submittedApplications(
  request: APIRequestContext,
  tag: string,
  n: number,
  languages: (Language | undefined)[] = [],
): Promise<{ call: { id: string; name: string }; apps: Application[] }> {
  const call = await createOpenCall(request, {
    namePrefix: `E2E valutazione ${tag}`,
    description: '<p>Bando con valutazione</p>',
    steps: [
      { name: 'Benvenuto', stepTypeId: STEP_KIND.text, content: { html: '<p>Benvenuti al bando</p>' } },
      {
        name: 'Documenti',
        stepTypeId: STEP_KIND.upload,
        content: [{ file_name: 'Bilancio', file_description: 'In PDF', file_type: 'pdf', dimensions: 1024 * 1024, mandatory: false }],
      },
    ],
  });
  const steps = await stepIds(request, (await adminSession()).headers, call.id);
  const stamp = Date.now().toString(36);
  const apps: Application[] = [];
  for (let i = 0; i < n; i++) {
    const email = uniqueEmail(`candidata${i}`);
    const user = await userSession(email, { firstName: 'Bruna', lastName: `Rossi ${i}` });
    const orgName = `${ORG_PREFIX} ${tag} ${i} ${stamp}`;
    const org = await request.post('/api/Organization/CreateOrganization', {
      headers: user.headers,
      data: {
        name: orgName,
        reg_number: `IT0${i}${stamp}`,
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
    expect(org.ok(), await org.text()).toBe(true);
    const headers = { ...user.headers, SelectedOrganizationId: ((await org.json()) as { id: string }).id };
    if (languages[i]) {
      const lang = await request.put('/api/User/Language', { headers: user.headers, data: { language: languages[i] } });
      expect(lang.status(), await lang.text()).toBe(204);
    }
    const started = await request.post('/api/Call/UpsertCallSubmission', { headers, data: { callId: call.id } });
    expect(started.ok(), await started.text()).toBe(true);
    const submissionId = ((await started.json()) as { id: string }).id;
    const uploaded = await request.post('/api/FileUpload/UploadFile', {
      headers,
      multipart: {
        File: { name: `Bilancio ${orgName}.pdf`, mimeType: 'application/pdf', buffer: PDF },
        CallSubmissionId: submissionId,
        StepId: steps['Documenti'],
        SlotIndex: '0',
      },
    });
    expect(uploaded.ok(), await uploaded.text()).toBe(true);
    const closed = await request.post(`/api/Call/CloseCallSubmission?callSubmissionId=${submissionId}`, { headers });
    expect(closed.ok(), await closed.text()).toBe(true);
    const got = await request.get(`/api/Call/GetSubmissionByID?submissionId=${submissionId}`, { headers });
    const code = ((await got.json()) as { code: string }).code;
    apps.push({ email: email.toLowerCase(), orgName, submissionId, code, headers });
  }
  return { call, apps };
}

/** From the landing page through the development identity provider's sign-in page, back on /calls. */
async function signInFromLanding(
  page: Page,
  who: { email: string; firstName: string; lastName: string },
  language?: 'English' | 'Français',
) {
  const landing = new LandingPage(page);
  await landing.goto();
  if (language) await landing.chooseLanguage(language);
  await landing.loginButton().click();
  await new SignInPage(page).signIn(who);
  await expect(page).toHaveURL(/\/calls$/);
}

/** An administrator from the landing page to the call's review: account menu, console, calls, the call, "Review". */
async function adminOpensReview(page: Page, call: { name: string }): Promise<ReviewAdminPage> {
  await signInFromLanding(page, { email: 'admin@example.org', firstName: 'Ada', lastName: 'Admin' });
  // Without an organization the applicant app proposes registering one first: not now.
  const register = page.getByRole('dialog', { name: it('pages.organizations.register-title') });
  await register.getByRole('button', { name: it('app.close') }).click();
  await expect(register).toHaveCount(0);
  await page.getByRole('button', { name: 'Ada Admin' }).click();
  await page.getByRole('menuitem', { name: it('user-menu.admin-panel') }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  await page.getByRole('menuitem', { name: it('pages.admin.tabs.calls') }).click();
  await page.getByRole('row').filter({ hasText: call.name }).getByRole('cell').nth(1).click();
  await page.getByRole('link', { name: it('pages.admin.review.button') }).click();
  const review = new ReviewAdminPage(page);
  await expect(review.heading(call.name)).toBeVisible();
  return review;
}

/** A reviewer from the landing page to the console, which shows them the review workspace only. */
async function reviewerOpensWorkspace(page: Page, reviewer: { email: string; firstName: string; lastName: string }) {
  await signInFromLanding(page, reviewer);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/review$/);
  const menu = page.getByRole('menuitem');
  await expect(menu).toHaveCount(1);
  await expect(menu).toHaveText(it('pages.review-workspace.menu'));
  await expect(page.getByRole('heading', { level: 1, name: it('pages.review-workspace.calls.title') })).toBeVisible();
}

/** The scores each reviewer gives each application (by index), and the ones the screen shows the ranking with. */
const SCORES: { impact: number; feasibility: number }[][] = [
  // reviewer 1
  [
    { impact: 9, feasibility: 5 },
    { impact: 7, feasibility: 4 },
    { impact: 3, feasibility: 2 },
  ],
  // reviewer 2 (application 2: conflict)
  [
    { impact: 8, feasibility: 4.5 },
    { impact: 6, feasibility: 3.5 },
  ],
];

/** Scores the open application: the impact typed in its field, the feasibility with the slider's keys; waits for "saved". */
async function score(ws: ReviewWorkspacePage, s: { impact: number; feasibility: number }, comment: string): Promise<void> {
  // The guidance written in the rubric shows beside its criterion.
  await expect(ws.criterion(IMPACT.name)).toContainText(IMPACT.guidance);
  await ws.scoreField(IMPACT.name).fill(String(s.impact));
  const slider = ws.slider(FEASIBILITY.name);
  await slider.focus();
  // From the scale's top, down by steps: End, then ArrowLeft per half point.
  await ws.page.keyboard.press('End');
  for (let v = FEASIBILITY.max; v > s.feasibility; v -= FEASIBILITY.step) await ws.page.keyboard.press('ArrowLeft');
  await expect(ws.scoreField(FEASIBILITY.name)).toHaveValue(String(s.feasibility));
  await ws.recommend(s.impact >= 5 ? 'fund' : 'do-not-fund');
  await ws.commentForApplicant().fill(comment);
  const expected = reviewScore(
    [
      { id: 'i', ...IMPACT, required: true },
      { id: 'f', ...FEASIBILITY, required: true },
    ],
    { i: s.impact, f: s.feasibility },
  )!;
  await expect(ws.weightedScore()).toContainText(`${formatDecimal(expected, ws.language, 2)} / 100`);
  await ws.expectSaved();
  await expect(ws.form()).toContainText(ws.t('pages.review-workspace.state.in-progress'));
}

test.describe.serial('review panel', () => {
  test.setTimeout(90_000);
  let scene: Awaited<ReturnType<typeof submittedApplications>>;
  const stamp = Date.now().toString(36);
  // Not the applicants' e-mail domain: that would be a conflict of interest.
  const reviewers = [
    { email: `rita-${stamp}@panel.example.net`, firstName: 'Rita', lastName: 'Revisora' },
    { email: `remy-${stamp}@panel.example.net`, firstName: 'Rémy', lastName: 'Relecteur' },
  ];
  const indexOf = (code: string) => scene.apps.findIndex((a) => a.code === code);

  test.beforeAll(async ({ request }) => {
    // Applicant 0 uses the app in English: their message comes in English, the others' in Italian.
    scene = await submittedApplications(request, 'panel', 3, ['en']);
  });

  test('an administrator sets a blind phase and a rubric, adds two reviewers and assigns automatically', async ({
    page,
    request,
  }, info) => {
    const review = await adminOpensReview(page, scene.call);
    const axe = () => expectNoSeriousA11yViolations(page);

    await review.openTab('setup');
    await review.saveSettings({ reviewsPerApplication: 2 });
    await review.addPhase({
      name: 'Valutazione anonima',
      startsAt: localInput(Date.now() - DAY),
      endsAt: localInput(Date.now() + 10 * DAY),
      mayScore: true,
      blind: true,
      mayDecide: true,
    });
    await review.addCriteria([IMPACT, FEASIBILITY]);
    await axe();
    await shot(page, info, 'admin-setup');

    await review.openTab('reviewers');
    await review.addReviewers(reviewers.map((r) => r.email));
    // Neither has signed in yet: both are invited by e-mail.
    for (const r of reviewers) await expect(review.reviewerRow(r.email)).toContainText(it('pages.admin.review.reviewers.invited'));
    await axe();
    await shot(page, info, 'admin-reviewers');

    await review.openTab('applications');
    for (const a of scene.apps) await expect(review.applicationRow(a.code)).toContainText('0 / 0');
    await review.autoAssignButton().click();
    await expect(review.outcome()).toContainText(
      it('pages.admin.review.applications.auto-result', { added: 6, removed: 0, unfilled: 0, minLoad: 3, maxLoad: 3 }),
    );
    for (const a of scene.apps) await expect(review.applicationRow(a.code)).toContainText('0 / 2');
    await axe();
    await shot(page, info, 'admin-applications-assigned');
    // Each reviewer was invited once and told of their three applications in one message.
    const told = async (kind: string) =>
      (await outbox(request, scene.call.id))
        .filter((m) => m.kind === kind)
        .map((m) => m.toAddress)
        .sort();
    const emails = reviewers.map((r) => r.email).sort();
    await expect.poll(() => told('reviewer-invitation'), { timeout: 20_000 }).toEqual(emails);
    await expect.poll(() => told('review-assignments'), { timeout: 20_000 }).toEqual(emails);
  });

  test('reviewer 1 scores every application blind: no screen and no download shows an organization', async ({ page }, info) => {
    await reviewerOpensWorkspace(page, reviewers[0]);
    const ws = new ReviewWorkspacePage(page);
    const noIdentity = async () => {
      await expect(page.locator('body')).not.toContainText(ORG_PREFIX);
      for (const a of scene.apps) await expect(page.locator('body')).not.toContainText(a.email);
    };
    await expect(ws.callCard(scene.call.name)).toContainText(it('pages.review-workspace.phase.blind'));
    await expectNoSeriousA11yViolations(page);
    await shot(page, info, 'reviewer-calls');

    await ws.openCall(scene.call.name);
    await expect(ws.assignmentRows()).toHaveCount(3);
    for (const a of scene.apps) await expect(ws.assignmentRow(a.code)).toContainText(it('pages.review-workspace.withheld'));
    await noIdentity();
    await expectNoSeriousA11yViolations(page);
    await shot(page, info, 'reviewer-assignments');

    await ws.startButton().click();
    for (let n = 0; n < 3; n++) {
      await expect(ws.submitButton()).toBeVisible();
      const code = await ws.openCode(scene.call.name);
      const i = indexOf(code);
      expect(i, code).toBeGreaterThanOrEqual(0);
      await expect(page.getByText(it('pages.review-workspace.application.blind'))).toBeVisible();
      await noIdentity();
      if (n === 0) {
        // The file keeps its extension and loses its name, on screen and when downloaded.
        const files = page.getByTestId('review-attachments');
        await expect(files).toContainText('Allegato 1.pdf');
        const downloading = page.waitForEvent('download');
        await files.getByRole('button', { name: `${it('pages.review-workspace.application.download')}: Allegato 1.pdf` }).click();
        const file = await downloading;
        expect(file.suggestedFilename()).toBe('Allegato 1.pdf');
        await expectNoSeriousA11yViolations(page);
      }
      await score(ws, SCORES[0][i], `Commento di Rita per la candidatura ${i}`);
      if (n === 0) await shot(page, info, 'reviewer-workspace-scored');
      await ws.submit();
      await noIdentity();
      await ws.saveAndNextButton().click();
      if (n < 2) await expect(ws.applicationHeading()).not.toHaveText(`${scene.call.name} · ${code}`);
    }
    // Nothing left: back on the list, all done.
    await expect(page.getByText(it('pages.review-workspace.none-left')).first()).toBeVisible();
    await expect(page.getByText(it('pages.review-workspace.assignments.all-done'))).toBeVisible();
    await expect(ws.assignmentRows().filter({ hasText: it('pages.review-workspace.state.done') })).toHaveCount(3);
    await noIdentity();
    await shot(page, info, 'reviewer-assignments-done');
  });

  test('reviewer 2, in French, declares a conflict on one application and scores the others', async ({ page }, info) => {
    await reviewerOpensWorkspace(page, reviewers[1]);
    // The console's language menu in the app bar.
    await page.getByRole('button', { name: /Lingua:/ }).click();
    await page.getByRole('menuitem', { name: 'Français' }).click();
    const ws = new ReviewWorkspacePage(page, 'fr');
    await expect(page.getByRole('heading', { level: 1, name: ws.t('pages.review-workspace.calls.title') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await shot(page, info, 'reviewer-calls-fr');

    await ws.openCall(scene.call.name);
    await expect(ws.assignmentRows()).toHaveCount(3);
    await expectNoSeriousA11yViolations(page);
    await ws.startButton().click();
    let scored = 0;
    let conflicted = false;
    while (scored + (conflicted ? 1 : 0) < 3) {
      await expect(ws.submitButton()).toBeVisible();
      const code = await ws.openCode(scene.call.name);
      const i = indexOf(code);
      await expect(page.locator('body')).not.toContainText(ORG_PREFIX);
      if (i === 2) {
        await expectNoSeriousA11yViolations(page);
        await shot(page, info, 'reviewer-workspace-fr');
        await ws.declareConflict('Ho lavorato con questa cooperativa lo scorso anno');
        conflicted = true;
        // Back on my list: the application is no longer mine.
        await expect(ws.assignmentRows()).toHaveCount(2);
        await expect(ws.assignmentRow(code)).toHaveCount(0);
        if (scored < 2)
          await page
            .getByRole('button', {
              name: new RegExp(
                `^(${ws.t('pages.review-workspace.assignments.start')}|${ws.t('pages.review-workspace.assignments.continue')})$`,
              ),
            })
            .click();
        continue;
      }
      await score(ws, SCORES[1][i], `Commentaire de Rémy ${i}`);
      await ws.submit();
      scored += 1;
      await ws.saveAndNextButton().click();
      if (scored + (conflicted ? 1 : 0) < 3) await expect(ws.applicationHeading()).not.toHaveText(`${scene.call.name} · ${code}`);
    }
    await expect(page.getByText(ws.t('pages.review-workspace.assignments.all-done'))).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shot(page, info, 'reviewer-assignments-done-fr');
  });

  test('the administrator ranks the applications, decides in bulk and releases the decisions', async ({ page }, info) => {
    const review = await adminOpensReview(page, scene.call);
    const axe = () => expectNoSeriousA11yViolations(page);
    const [a0, a1, a2] = scene.apps;

    // Ranked by the mean of the submitted reviews' scores.
    const criteria = [
      { id: 'i', ...IMPACT, required: true },
      { id: 'f', ...FEASIBILITY, required: true },
    ];
    const scoreOf = (i: number) =>
      aggregateScores(
        SCORES.filter((r) => r[i]).map((r) => reviewScore(criteria, { i: r[i].impact, f: r[i].feasibility })),
        'mean',
      )!;
    const rows = review.panel.getByRole('row');
    await expect(rows.nth(1)).toContainText(a0.code);
    await expect(rows.nth(2)).toContainText(a1.code);
    await expect(rows.nth(3)).toContainText(a2.code);
    for (const [i, a] of scene.apps.entries())
      await expect(review.applicationRow(a.code)).toContainText(formatDecimal(scoreOf(i), 'it', 1));
    await expect(review.applicationRow(a0.code)).toContainText('2 / 2');
    // The conflict took application 2 from reviewer 2; nobody else is free to take it.
    await expect(review.applicationRow(a2.code)).toContainText('1 / 1');
    await expect(review.applicationRow(a0.code)).toContainText(a0.orgName);
    await axe();
    await shot(page, info, 'admin-applications-ranked');

    await review.select([a0.code, a1.code]);
    await review.decideSelected('approved', 2);
    await review.panel.getByRole('button', { name: it('pages.admin.review.applications.unselect') }).click();
    await review.select([a2.code]);
    await review.decideSelected('rejected', 1);
    await expect(review.applicationRow(a0.code)).toContainText(review.decisionText('approved', false));
    await expect(review.applicationRow(a2.code)).toContainText(review.decisionText('rejected', false));

    await review.releaseButton(3).click();
    const dialog = page.getByRole('dialog', { name: it('pages.admin.review.applications.release-title') });
    await expect(dialog).toContainText(
      it('pages.admin.review.applications.release-confirm', { count: 3, smart_count: 3 }).split(' |||| ')[1],
    );
    await dialog.getByRole('checkbox', { name: it('pages.admin.review.applications.release-comments') }).check();
    await expectNoSeriousA11yViolations(page);
    await shot(page, info, 'admin-release-dialog');
    await dialog.getByRole('button', { name: it('pages.admin.review.applications.release') }).click();
    await expect(dialog).toHaveCount(0);
    await expect(review.outcome()).toContainText(it('pages.admin.review.applications.release-result', { released: 3, queued: 3 }));
    await expect(review.applicationRow(a0.code)).toContainText(review.decisionText('approved', true));
    await expect(review.applicationRow(a1.code)).toContainText(review.decisionText('approved', true));
    await expect(review.applicationRow(a2.code)).toContainText(review.decisionText('rejected', true));
    await expect(review.releaseButton(0)).toBeVisible();
    await axe();
    await shot(page, info, 'admin-applications-released');

    // One application's page: its reviews, the conflict and the final decision.
    await review.applicationRow(a2.code).getByRole('link', { name: a2.code, exact: true }).click();
    await expect(page.getByText(it('pages.admin.review.detail.decision-final'))).toBeVisible();
    await expect(page.getByText('Ho lavorato con questa cooperativa lo scorso anno')).toBeVisible();
    await axe();
    await shot(page, info, 'admin-application-detail');
  });

  test('an applicant sees the outcome on the call card and the recap, and received the message in English', async ({
    page,
    request,
  }, info) => {
    const a0 = scene.apps[0];
    await signInFromLanding(page, { email: a0.email, firstName: 'Bruna', lastName: 'Rossi 0' }, 'English');
    const en = (key: string, vars?: Record<string, string | number>) => translate('en', key, vars);
    const main = page.getByRole('main');
    const card = main.getByRole('article', { name: scene.call.name, exact: true });
    // The list comes a page at a time: "show more" until the call is there.
    const more = main.getByRole('button', { name: en('pages.calls.show-more') });
    await expect(card.or(more).first()).toBeVisible();
    for (let i = 0; i < 50 && !(await card.isVisible()) && (await more.isVisible()); i++) await more.click();
    const chip = card.getByTestId('call-decision');
    await expect(chip).toHaveText(en('pages.decisions.chip', { decision: en('pages.decisions.label.approved') }));
    await expectNoSeriousA11yViolations(page, APPLICANT_AXE);
    await shot(page, info, 'applicant-call-card');
    await card.getByRole('button', { name: en('pages.calls.actions.view-recap') }).click();
    await expect(page.getByTestId('submission-decision')).toContainText(en('pages.decisions.explain.approved'));
    await expectNoSeriousA11yViolations(page, APPLICANT_AXE);
    await shot(page, info, 'applicant-recap');

    // The messages of the release, in the development outbox (no SMTP_URL): sent, each in its applicant's language.
    const messages = async () => (await outbox(request, scene.call.id)).filter((m) => m.kind.startsWith('decision-'));
    await expect.poll(async () => (await messages()).filter((m) => m.state === 'sent').length, { timeout: 20_000 }).toBe(3);
    const sent = await messages();
    const mine = sent.find((m) => m.toAddress === a0.email)!;
    expect(mine).toMatchObject({ kind: 'decision-approved', language: 'en' });
    expect(mine.subject).toBe(`Your application to ${scene.call.name} is approved (${a0.code})`);
    const rejected = sent.find((m) => m.toAddress === scene.apps[2].email)!;
    expect(rejected).toMatchObject({ kind: 'decision-rejected', language: 'it' });
    expect(rejected.subject).toBe(`Esito della candidatura a ${scene.call.name} (${scene.apps[2].code})`);
    const detail = await request.get(`/api/admin/messages/${mine.id}`, { headers: (await adminSession()).headers });
    const html = ((await detail.json()) as { html: string }).html;
    expect(html).toContain('congratulations!');
    // The reviewers' comments for the applicant came with it (the release included them).
    expect(html).toContain('Commento di Rita per la candidatura 0');
    expect(html).toContain('Commentaire de Rémy 0');
  });
});

test('the applications tab and the reviewer workspace at phone size @phone', async ({ page, request }, info) => {
  test.setTimeout(90_000);
  // The desktop's screenshots are the serial flow's, with more in them.
  const phoneShot = (p: Page, name: string) => (info.project.name === 'phone' ? shot(p, info, name) : Promise.resolve());
  const { call, apps } = await submittedApplications(request, 'telefono', 2);
  const admin = await adminSession();
  const A = admin.headers;
  const base = `/api/admin/reviews/calls/${call.id}`;
  const ok = async (res: Awaited<ReturnType<APIRequestContext['put']>>) => expect(res.ok(), await res.text()).toBe(true);
  await ok(
    await request.put(`${base}/settings`, { headers: A, data: { reviewsPerApplication: 1, aggregate: 'mean', disagreementThreshold: 30 } }),
  );
  await ok(
    await request.put(`${base}/phases`, {
      headers: A,
      data: {
        phases: [
          {
            name: 'Valutazione anonima',
            startsAt: new Date(Date.now() - DAY).toISOString(),
            endsAt: new Date(Date.now() + 10 * DAY).toISOString(),
            mayScore: true,
            seeOthers: 'after-own',
            blind: true,
            mayDecide: true,
          },
        ],
      },
    }),
  );
  const rubric = await request.put(`${base}/rubric`, {
    headers: A,
    data: {
      criteria: [
        { ...IMPACT, guidance: { it: IMPACT.guidance }, required: true },
        { ...FEASIBILITY, required: false },
      ],
    },
  });
  await ok(rubric);
  const reviewer: TestUser = await userSession(`tina-${Date.now().toString(36)}@panel.example.net`, {
    firstName: 'Tina',
    lastName: 'Telefono',
  });
  await ok(await request.post(`${base}/reviewers`, { headers: A, data: { emails: [reviewer.email] } }));
  await ok(await request.post(`${base}/assignments/automatic`, { headers: A }));

  // The administrator's three tabs.
  await useSessionInBrowser(page, admin);
  const review = new ReviewAdminPage(page);
  for (const tab of ['setup', 'reviewers', 'applications'] as const) {
    await page.goto(`/admin/calls/${call.id}/review?tab=${tab}`);
    await expect(review.heading(call.name)).toBeVisible();
    await expect(review.tab(tab)).toHaveAttribute('aria-selected', 'true');
    if (tab === 'applications') for (const a of apps) await expect(review.applicationRow(a.code)).toContainText('0 / 1');
    else await expect(review.panel.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page);
    await phoneShot(page, `admin-${tab}`);
  }

  // The reviewer, signed in instead of the administrator.
  await page.context().clearCookies();
  const phone = page;
  {
    await useSessionInBrowser(phone, reviewer);
    const ws = new ReviewWorkspacePage(phone);
    await phone.goto('/admin');
    await expect(phone).toHaveURL(/\/admin\/review$/);
    await expect(ws.callCard(call.name)).toBeVisible();
    await expectNoSeriousA11yViolations(phone);
    await phoneShot(phone, 'reviewer-calls');
    await ws.openCall(call.name);
    await expect(ws.assignmentRows()).toHaveCount(2);
    await expectNoSeriousA11yViolations(phone);
    await phoneShot(phone, 'reviewer-assignments');
    await ws.startButton().click();
    await expect(ws.submitButton()).toBeVisible();
    await expect(phone.locator('body')).not.toContainText(ORG_PREFIX);
    await ws.scoreField(IMPACT.name).fill('6');
    await ws.expectSaved();
    await expectNoSeriousA11yViolations(phone);
    await phoneShot(phone, 'reviewer-workspace');
    await expectNoSidewaysScroll(phone);
  }
});

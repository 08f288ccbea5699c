import { translate } from '@impact-calls/domain';
import type { APIRequestContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect, expectNoSeriousA11yViolations, test, useSessionInBrowser } from './fixtures';
import { LandingPage } from './pages/LandingPage';
import { InvitationPage, MembersPage } from './pages/MembersPage';
import { notice, OrganizationListPage, UserMenu } from './pages/OrganizationPages';
import { SharedFillPage } from './pages/SharedFillPage';
import { SignInPage, uniqueEmail } from './pages/SignInPage';
import { applicant, signIn, start, type Applicant } from './support/applicants';
import { createOpenCall, STEP_KIND } from './support/calls';
import { E2E } from './support/env';
import { expectNoSidewaysScroll } from './support/layout';
import { invitationEmail } from './support/outbox';
import { userSession } from './support/session';

/*
 * Teams end to end (issue 32), two people in two browsers at once, each clicking in from where they start:
 * an owner (Italian) invites a new member by e-mail (in English); the invitee follows the e-mail's link,
 * signs in, joins and acts for the organization; both open the organization's application and see each
 * other in the presence bar as they move; a save made on an old version shows who changed the answers,
 * the member keeps theirs and the owner sees them; the member downloads their data.
 */

const it = (key: string, vars?: Record<string, string | number>) => translate('it', key, vars);
const en = (key: string, vars?: Record<string, string | number>) => translate('en', key, vars);
// The applicant shell's account button (a known contrast finding of the top bar, as review.e2e.ts leaves out).
const APPLICANT_AXE = { exclude: ['header button[aria-haspopup="menu"]'] };
// SurveyJS's own markup is left out too (its findings are upstream), as fill.e2e.ts does.
const FILL_AXE = { exclude: [...APPLICANT_AXE.exclude, '.sd-root-modern'] };
const QUESTION = 'Descrizione del progetto';
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const ANNA = { firstName: 'Anna', lastName: 'Alberti', name: 'Anna Alberti' };
const BRUNO = { firstName: 'Bruno', lastName: 'Bianchi', name: 'Bruno Bianchi' };

/** A call open now: a welcome text, then a questionnaire with one text to write (through the console API). */
function teamCall(request: APIRequestContext) {
  return createOpenCall(request, {
    namePrefix: 'E2E squadra',
    description: '<p>Bando da compilare in squadra</p>',
    steps: [
      { name: 'Benvenuto', stepTypeId: STEP_KIND.text, content: { html: '<p>Benvenuti al bando</p>' } },
      {
        name: 'Progetto',
        stepTypeId: STEP_KIND.survey,
        content: { pages: [{ elements: [{ type: 'comment', name: 'description', title: QUESTION }] }] },
      },
    ],
  });
}

/** The saved answers of the questionnaire, as the API answers them (with their version). */
async function savedProject(request: APIRequestContext, a: Applicant, submissionId: string): Promise<{ text: string; version?: number }> {
  const res = await request.get(`/api/Call/GetSubmissionByID?submissionId=${submissionId}`, { headers: a.headers });
  expect(res.status(), await res.text()).toBe(200);
  const s = (await res.json()) as { stepResults: { stepStepTypeName: string; content: unknown; version?: number }[] };
  const r = s.stepResults.find((x) => x.stepStepTypeName === 'survey');
  return { text: JSON.stringify(r?.content ?? null), version: r?.version };
}

async function organizationName(request: APIRequestContext, a: Applicant): Promise<string> {
  const res = await request.get('/api/Organization/GetOrganizations', { headers: a.me.headers });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: string; name: string }[]).find((o) => o.id === a.orgId)!.name;
}

test('an owner invites a member by e-mail; together they see each other on the application and settle a stale save', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await applicant(request, 'squadra', ANNA.firstName, ANNA.lastName);
  const orgName = await organizationName(request, owner);
  const call = await teamCall(request);
  const submissionId = await start(request, owner, call.id);
  const bruno = { ...BRUNO, email: uniqueEmail('bruno') };

  // 1. The owner, in Italian, from the calls to her organizations, its members, and the invitation.
  await signIn(page, owner, 'it');
  await page.goto('/calls');
  const menu = new UserMenu(page, ANNA.name);
  await menu.open();
  await menu.item('Le tue organizzazioni').click();
  const list = new OrganizationListPage(page);
  await expect(list.heading).toBeVisible();
  await list
    .item(orgName)
    .getByRole('link', { name: `${it('team-ui.members')}: ${orgName}` })
    .click();
  const members = new MembersPage(page, 'it');
  await expect(members.heading(orgName)).toBeVisible();
  await expect(members.roleOf(ANNA.name)).toHaveValue('owner');
  await expect(members.noInvitations).toBeVisible();
  await members.invite({ email: bruno.email, role: 'editor', language: 'en' });
  await expect(notice(page, it('team-ui.invite-sent', { email: bruno.email }))).toBeVisible();
  const pending = members.invitation(bruno.email);
  await expect(pending).toContainText(it('team.role.editor'));
  await expect(pending).toContainText(it('team-ui.invited-by', { name: ANNA.name }));
  await expectNoSeriousA11yViolations(page, APPLICANT_AXE);

  // 2. The e-mail, in English, carries the link; the invitee opens it in their own browser, signs in (a new
  // user of the embedded provider), comes back to the invitation and joins.
  const { message, link } = await invitationEmail(request, bruno.email);
  expect(message.language).toBe('en');
  expect(message.subject).toMatch(new RegExp(`^Join ${escape(orgName)} on `));
  expect(link.startsWith(`${E2E.baseURL}/invitation/`), link).toBe(true);

  const contextB = await browser.newContext({ baseURL: E2E.baseURL, locale: 'en-GB', viewport: { width: 1366, height: 900 } });
  try {
    const pageB = await contextB.newPage();
    await pageB.goto(link);
    await expect(new InvitationPage(pageB, 'it').signInFirstHeading()).toBeVisible();
    const landing = new LandingPage(pageB);
    await landing.chooseLanguage('English');
    const invitation = new InvitationPage(pageB, 'en');
    await expect(invitation.signInFirstHeading()).toBeVisible();
    await landing.loginButton().click();
    await new SignInPage(pageB).signIn(bruno);
    await invitation.agreeToNoticeIfAsked(orgName);
    await expect(invitation.heading(orgName)).toBeVisible();
    await expect(pageB).toHaveURL(/\/invitation\//);
    await expect(invitation.text(ANNA.name, orgName, 'editor')).toBeVisible();
    await expectNoSeriousA11yViolations(pageB, APPLICANT_AXE);
    await invitation.joinButton(orgName).click();
    await expect(pageB).toHaveURL(/\/calls$/);
    await expect(notice(pageB, en('team-ui.invitation.joined', { organization: orgName }))).toBeVisible();
    // Acting for the organization joined.
    await expect(pageB.locator('#organization-selector option:checked')).toHaveText(orgName);

    // The owner reloads the members: the invitee is an editor, nothing waits any more.
    await page.reload();
    await expect(members.member(BRUNO.name)).toBeVisible();
    await expect(members.roleOf(BRUNO.name)).toHaveValue('editor');
    await expect(members.noInvitations).toBeVisible();

    // 3. Both open the organization's application from the calls: each sees the other, live.
    const fillA = new SharedFillPage(page, 'it');
    const fillB = new SharedFillPage(pageB, 'en');
    await page.goto('/calls');
    await fillA.openFromCalls(call.name);
    await expect(page).toHaveURL(new RegExp(`/call/${submissionId}`));
    await fillA.expectStep('Benvenuto');
    await fillB.openFromCalls(call.name);
    await expect(pageB).toHaveURL(new RegExp(`/call/${submissionId}`));
    await fillB.expectStep('Benvenuto');
    await expect(fillA.presentOn(BRUNO.name, '1. Benvenuto')).toBeVisible();
    await expect(fillB.presentOn(ANNA.name, '1. Benvenuto')).toBeVisible();
    await fillB.next.click();
    await fillB.expectStep('Progetto');
    await expect(fillA.presentOn(BRUNO.name, '2. Progetto')).toBeVisible({ timeout: 5_000 });
    await expectNoSeriousA11yViolations(page, FILL_AXE);

    // 4. Both on the text: the member's screen holds the answers as they were before the owner's save.
    await fillA.next.click();
    await fillA.expectStep('Progetto');
    await expect(fillB.presentOn(ANNA.name, '2. Progetto')).toBeVisible({ timeout: 5_000 });
    await fillA.answer(QUESTION).fill('Testo scritto da Anna');
    await page.keyboard.press('Tab');
    await fillA.expectSaved();
    await expect.poll(async () => (await savedProject(request, owner, submissionId)).text).toContain('Testo scritto da Anna');
    await fillB.answer(QUESTION).fill('Text written by Bruno');
    await pageB.keyboard.press('Tab');
    await expect(fillB.conflict).toContainText(fillB.changedBy(ANNA.name));
    await expect(fillB.reloadButton()).toBeVisible();
    await expectNoSeriousA11yViolations(pageB, FILL_AXE);
    await fillB.keepMineButton().click();
    await expect(fillB.conflict).toHaveCount(0);
    await fillB.expectSaved();
    await expect(fillB.answer(QUESTION)).toHaveValue('Text written by Bruno');
    await expect.poll(async () => (await savedProject(request, owner, submissionId)).text).toContain('Text written by Bruno');
    await page.reload();
    await fillA.expectStep('Progetto');
    await expect(fillA.answer(QUESTION)).toHaveValue('Text written by Bruno');

    // 5. The member downloads their data from the privacy page: a ZIP.
    const menuB = new UserMenu(pageB, BRUNO.name);
    await menuB.open();
    await pageB
      .getByRole('menu')
      .getByRole('menuitem', { name: en('user-menu.privacy') })
      .click();
    await expect(pageB).toHaveURL(/\/privacy$/);
    await expect(pageB.getByRole('heading', { level: 1, name: en('pages.privacy.title') })).toBeVisible();
    const downloading = pageB.waitForEvent('download');
    await pageB.getByRole('button', { name: en('pages.privacy.download-me') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const zip = readFileSync((await download.path())!);
    expect(zip.length).toBeGreaterThan(22);
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  } finally {
    await contextB.close();
  }
});

test('the members page, the invite dialog and the invitation page fit a phone @phone', async ({ page, request }) => {
  test.setTimeout(90_000);
  const owner = await applicant(request, 'telefono', ANNA.firstName, ANNA.lastName);
  const orgName = await organizationName(request, owner);
  const email = uniqueEmail('telefono');

  await signIn(page, owner, 'it');
  const members = new MembersPage(page, 'it');
  await members.goto(owner.orgId);
  await expect(members.heading(orgName)).toBeVisible();
  await expect(members.member(ANNA.name)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page, APPLICANT_AXE);

  await members.openInvite();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page, APPLICANT_AXE);
  await members.invite({ email, role: 'viewer', language: 'it' });
  await expect(members.invitation(email)).toContainText(it('team.role.viewer'));
  await expectNoSidewaysScroll(page);

  // The invitee, signed in on the same phone, follows the e-mail's link.
  const { link } = await invitationEmail(request, email);
  await page.context().clearCookies();
  await useSessionInBrowser(page, await userSession(email, { firstName: BRUNO.firstName, lastName: BRUNO.lastName }));
  await page.goto(link);
  const invitation = new InvitationPage(page, 'it');
  await invitation.agreeToNoticeIfAsked(orgName);
  await expect(invitation.heading(orgName)).toBeVisible();
  await expect(invitation.text(ANNA.name, orgName, 'viewer')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page, APPLICANT_AXE);
  await invitation.joinButton(orgName).click();
  await expect(page).toHaveURL(/\/calls$/);
});

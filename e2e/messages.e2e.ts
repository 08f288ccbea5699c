import { translate } from '@impact-calls/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CallEditorPage } from './pages/CallEditorPage';
import { LandingPage } from './pages/LandingPage';
import { SignInPage, uniqueEmail } from './pages/SignInPage';
import { adminSession, userSession } from './support/session';

const it = (key: string, vars?: Record<string, string | number>) => translate('it', key, vars);
const DAY = 86_400_000;
const TEXT = '5e0c0001-0000-4000-8000-000000000001';

async function signInAsAdmin(page: Page): Promise<void> {
  const landing = new LandingPage(page);
  await landing.goto();
  await landing.loginButton('Accedi').click();
  await new SignInPage(page).signIn({ email: 'admin@example.org', firstName: 'Ada', lastName: 'Admin' });
  await expect(page).toHaveURL(/\/calls$/);
}

/** A call with three applicants whose submissions are in progress, made through the API. */
async function callWithApplicants(request: APIRequestContext, name: string): Promise<string[]> {
  const admin = await adminSession();
  const created = await request.post('/api/Call/CreateCall', {
    headers: admin.headers,
    data: {
      name,
      description: '<p>E2E</p>',
      openingAt: new Date(Date.now() - DAY).toISOString(),
      closingAt: new Date(Date.now() + 20 * DAY).toISOString(),
      callType: { steps: [{ name: 'Benvenuto', stepTypeId: TEXT, content: { html: '<p>Ciao</p>' } }] },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const callId = ((await created.json()) as { id: string }).id;
  const emails: string[] = [];
  for (let i = 0; i < 3; i++) {
    const email = uniqueEmail(`applicant${i}`);
    const user = await userSession(email, { firstName: 'Bruna', lastName: `Rossi ${i}` });
    const org = await request.post('/api/Organization/CreateOrganization', {
      headers: user.headers,
      data: {
        name: `Cooperativa ${i} ${name}`,
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
    expect(org.ok(), await org.text()).toBe(true);
    const orgId = ((await org.json()) as { id: string }).id;
    const sub = await request.post('/api/Call/UpsertCallSubmission', {
      headers: { ...user.headers, SelectedOrganizationId: orgId },
      data: { callId },
    });
    expect(sub.ok(), await sub.text()).toBe(true);
    emails.push(email.toLowerCase());
  }
  return emails;
}

test('an administrator writes to the applicants of a call from the console; the mailbox shows the messages', async ({
  page,
  axe,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `Bando messaggi ${Date.now()}`;
  const emails = await callWithApplicants(request, name);
  await signInAsAdmin(page);
  const calls = new CallEditorPage(page);
  await calls.gotoList();
  await calls
    .listRow(name)
    .getByRole('link', { name: it('pages.admin.messages.write') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: it('pages.admin.messages.compose-title', { name }) })).toBeVisible();

  // "In progress" is chosen; the count and the preview come before sending.
  await expect(page.getByRole('checkbox', { name: it('pages.admin.messages.audience.in-progress') })).toBeChecked();
  await page.getByRole('textbox', { name: new RegExp(`^${it('resources.messages.fields.subject')}`) }).fill('Incontro per {{callName}}');
  await page
    .getByRole('textbox', { name: new RegExp(`^${it('pages.admin.messages.body').replace(/[()]/g, '\\$&')}`) })
    .fill('<p>Gentile {{recipientName}}, vi aspettiamo <strong>giovedì</strong>.</p>');
  await expect(page.getByRole('button', { name: it('pages.admin.messages.send') })).toBeDisabled();
  await axe();
  await page.getByRole('button', { name: it('pages.admin.messages.preview') }).click();
  await expect(
    page.getByRole('status').filter({ hasText: it('pages.admin.messages.recipient-count', { count: 3 }).split(' |||| ')[1] }),
  ).toBeVisible();
  const preview = page.frameLocator(`iframe[title="${it('pages.admin.messages.preview')}"]`);
  // The preview fills the placeholders for the first real recipient (by address: applicant0's).
  await expect(preview.getByText('Gentile Bruna Rossi 0, vi aspettiamo giovedì.')).toBeVisible();
  await page.screenshot({ path: 'docs/screenshots/messages-composer.png', fullPage: true });

  await page.getByRole('button', { name: it('pages.admin.messages.send') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(it('pages.admin.messages.send-confirm', { count: 3 }).split(' |||| ')[1]);
  await dialog.getByRole('button', { name: /Conferma|Confirm/ }).click();
  await expect(page.getByText(it('pages.admin.messages.email-sent')).first()).toBeVisible();

  // The development outbox (no SMTP_URL) is the mailbox: the three messages, sent.
  await page.getByRole('link', { name: it('pages.admin.messages.open-mailbox') }).click();
  await expect(page).toHaveURL(/\/admin\/messages/);
  const rows = page.getByRole('row').filter({ hasText: `Incontro per ${name}` });
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: it('pages.admin.messages.state.sent') })).toHaveCount(3, { timeout: 20_000 });
  for (const email of emails) await expect(rows.filter({ hasText: email })).toHaveCount(1);
  await axe();
  await page.screenshot({ path: 'docs/screenshots/messages-mailbox.png' });

  await rows.filter({ hasText: emails[0] }).click();
  const html = page.frameLocator(`iframe[title="${it('pages.admin.messages.html-part')}"]`);
  await expect(html.getByText('Gentile Bruna Rossi 0, vi aspettiamo giovedì.')).toBeVisible();
  await expect(page.locator('pre')).toContainText('Gentile Bruna Rossi 0, vi aspettiamo giovedì.');
  await page.screenshot({ path: 'docs/screenshots/messages-message.png', fullPage: true });
  // axe cannot enter a frame without scripts (the message's sandbox): it checks the page around it.
  await page.locator('iframe').evaluateAll((frames) => frames.forEach((f) => f.remove()));
  await axe();
});

test('an administrator edits a template: an unknown placeholder is refused, a good one is previewed and saved', async ({ page, axe }) => {
  await signInAsAdmin(page);
  await page.goto('/admin');
  const item = page.getByRole('menuitem', { name: it('resources.message-templates.name').split(' |||| ')[1] });
  // On a phone the menu is a drawer behind the app bar's button.
  if (!(await item.isVisible())) await page.getByRole('button', { name: /menu/i }).first().click();
  await item.click();
  await page
    .getByRole('row')
    .filter({ hasText: it('pages.admin.messages.kind.deadline-reminder') })
    .filter({ hasText: it('pages.admin.messages.language.fr') })
    .getByRole('cell')
    .first()
    .click();
  const subject = page.getByRole('textbox', { name: new RegExp(`^${it('resources.message-templates.fields.subject')}`) });
  await expect(subject).toBeVisible();
  await axe();
  await expect(subject).toHaveValue('Rappel : {{callName}} ferme dans {{daysLeft}} jours');
  await subject.fill('Rappel {{callNom}}');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText(it('pages.admin.messages.unknown-placeholder')).first()).toBeVisible();
  await subject.fill('Rappel : {{callName}} ({{daysLeft}} j)');
  await page.getByRole('button', { name: it('pages.admin.messages.preview') }).click();
  await expect(page.getByText('Rappel : Call (7 j)')).toBeVisible();
  await page.screenshot({ path: 'docs/screenshots/messages-template.png', fullPage: true });
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText(it('pages.admin.saved')).first()).toBeVisible();
});

/**
 * Issue 13, finding 2: sessions that can end, seen from the browser. An applicant signed in on
 * two devices finds them under "Le tue sessioni" in the user menu, signs the other one out (that
 * device is sent back to the landing page at once), then signs out everywhere. An administrator
 * ends a user's sessions from the console's user page. In Italian, on a desktop and a phone.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { translate } from '@impact-calls/domain';
import { expect, test, useSessionInBrowser } from './fixtures';
import { LandingPage } from './pages/LandingPage';
import { OrganizationListPage, UserMenu } from './pages/OrganizationPages';
import { SessionsPage } from './pages/SessionsPage';
import { SignInPage, uniqueEmail } from './pages/SignInPage';
import { E2E } from './support/env';
import { adminSession, userSession } from './support/session';

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const it = (key: string, params?: Record<string, string>) => translate('it', key, params);

async function signIn(page: Page, email: string): Promise<void> {
  const landing = new LandingPage(page);
  await landing.goto();
  await landing.loginButton('Accedi').click();
  await new SignInPage(page).signIn({ email, firstName: 'Sara', lastName: 'Sessioni' });
  await expect(page).toHaveURL(/\/calls$/);
  // A new user has no organization yet: the call list asks to register one; this test is elsewhere.
  await new OrganizationListPage(page).goto();
}

/** Another device of the same person: a browser context with a phone's User-Agent. */
async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: E2E.baseURL, locale: 'it-IT', userAgent: PHONE_UA });
  return { context, page: await context.newPage() };
}

test.describe('sessions', () => {
  test('an applicant sees the devices where they are signed in, signs one out, then signs out everywhere @phone', async ({
    page,
    browser,
    axe,
    context,
  }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('sessions');
    const other = await phone(browser);
    await signIn(other.page, email);
    await signIn(page, email);

    // From the user menu.
    const menu = new UserMenu(page, 'Sara Sessioni');
    await menu.open();
    await menu.item('Le tue sessioni').click();
    const sessions = new SessionsPage(page);
    await sessions.expectLoaded();
    await expect(sessions.cards).toHaveCount(2);
    await expect(sessions.thisDevice).toHaveCount(1);
    const otherDevice = it('pages.sessions.device', { browser: 'Chrome', system: 'Android' });
    await expect(sessions.card(otherDevice)).toBeVisible();
    await expect(sessions.card(otherDevice)).toContainText(it('pages.sessions.last-used', { date: '' }).trim());
    await axe();
    await page.screenshot({ path: test.info().outputPath('sessions.png'), fullPage: true });

    // Signing the phone out: it is back on the landing page at its next step.
    await sessions.signOut(otherDevice).click();
    await expect(page.getByText(it('pages.sessions.device-signed-out', { device: otherDevice }))).toBeVisible();
    await expect(sessions.cards).toHaveCount(1);
    await expect(page.getByText(it('pages.sessions.only-this'))).toBeVisible();
    await other.page.reload();
    await expect(other.page).toHaveURL(/\/$/);
    await expect(new LandingPage(other.page).loginButton('Accedi')).toBeVisible();
    expect((await other.context.cookies()).map((c) => c.name)).not.toContain('ic_refresh_token');
    await other.context.close();

    // Everywhere, this device included: after a confirmation, through the provider's sign-out, to the landing page.
    await sessions.signOutEverywhere.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(it('pages.sessions.confirm-text'));
    await dialog.getByRole('button', { name: it('pages.sessions.sign-out-everywhere') }).click();
    await expect(page).toHaveURL(/\/$/);
    const landing = new LandingPage(page);
    await expect(landing.loginButton('Accedi')).toBeVisible();
    expect((await context.cookies()).map((c) => c.name)).not.toContain('ic_token');
    // The provider's session ended too (id_token_hint): Login shows its sign-in page again.
    await landing.loginButton('Accedi').click();
    await expect(page).toHaveURL(/\/oidc\/interaction\//);
  });

  test('an administrator ends a user’s sessions from the console, and the user is signed out', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('ended-by-admin');
    const user = await phone(browser);
    await signIn(user.page, email);

    // The administrator: from the applicant app's menu to the console, then Users.
    await useSessionInBrowser(page, await adminSession());
    await new OrganizationListPage(page).goto();
    // The administrator's name depends on who signed in as admin@example.org first: the account button.
    const account = page.getByRole('banner').getByRole('button', { name: /^Ada / });
    await expect(account).toBeVisible();
    await account.focus();
    await page.keyboard.press('Enter');
    await expect(account).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('menu').getByRole('menuitem', { name: 'Pannello di amministrazione' }).click();
    await expect(page).toHaveURL(/\/admin/);
    await page.getByRole('menuitem', { name: it('resources.users.name').split(' |||| ')[1] }).click();
    await page.getByPlaceholder(/^(cerca|search)/i).fill(email);
    // The search runs after a short pause: wait for the list to be just this user.
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await page.getByRole('cell', { name: email }).click();
    await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]+\/show$/);
    const list = page.getByRole('list', { name: it('resources.users.sessions') });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText(it('pages.sessions.device', { browser: 'Chrome', system: 'Android' }));
    await page.screenshot({ path: test.info().outputPath('console-user-sessions.png') });
    await page.getByRole('button', { name: it('resources.users.end-all') }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /conferma|confirm/i })
      .click();
    await expect(page.getByText(it('resources.users.sessions-ended'))).toBeVisible();
    await expect(page.getByText(it('resources.users.no-sessions'))).toBeVisible();
    await expect(page.getByRole('button', { name: it('resources.users.end-all') })).toHaveCount(0);

    // The user's next step takes them to the landing page.
    await user.page.reload();
    await expect(user.page).toHaveURL(/\/$/);
    await user.context.close();
  });

  test('a session the API no longer accepts sends the page to the landing page', async ({ page }) => {
    const me = await userSession(uniqueEmail('gone'));
    await useSessionInBrowser(page, me);
    await page.goto('/calls');
    await expect(page).toHaveURL(/\/calls$/);
    await page.request.post('/api/Jwt/logout', { headers: me.headers });
    await page.reload();
    await expect(page).toHaveURL(/\/$/);
  });
});

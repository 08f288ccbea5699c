import { expect, test, useSessionInBrowser } from './fixtures';
import { AdminPage } from './pages/AdminPage';
import { LandingPage } from './pages/LandingPage';
import { adminSession, userSession } from './support/session';

test.describe('applicant shell', () => {
  test('the landing page shows the demo configuration in Italian @phone', async ({ page, axe }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    await expect(page).toHaveTitle('Impact Calls');
    expect(await landing.htmlLang()).toBe('it');
    await expect(landing.heading).toHaveText('Benvenuto');
    // The configuration's texts in Italian (one value per language).
    await expect(
      landing.main.getByText('Benvenuti! Qui le organizzazioni partecipano ai bandi per progetti a impatto sociale.'),
    ).toBeVisible();
    await expect(landing.main.getByRole('heading', { name: 'Come funziona' })).toBeVisible();
    await expect(landing.loginButton('Accedi')).toBeVisible();
    await expect(landing.registerButton('Registrati')).toBeVisible();
    await expect(landing.banner.getByRole('img', { name: /Impact Calls/ })).toBeVisible();
    await axe();
  });

  test('the language selector switches to English and French and remembers the choice', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    await expect(landing.languageButton).toBeVisible();

    await landing.chooseLanguage('English');
    await expect(landing.heading).toHaveText('Welcome');
    await expect(landing.loginButton('Login')).toBeVisible();
    expect(await landing.htmlLang()).toBe('en');

    await page.reload();
    await expect(landing.heading).toHaveText('Welcome');

    await landing.chooseLanguage('Français');
    await expect(landing.heading).toHaveText('Bienvenue');
    await expect(landing.registerButton("S'inscrire")).toBeVisible();
    expect(await landing.htmlLang()).toBe('fr');

    await landing.chooseLanguage('Italiano');
    await expect(landing.heading).toHaveText('Benvenuto');
  });

  test('a protected page sends an anonymous visitor to the landing page', async ({ page, baseURL }) => {
    await page.goto('/calls');
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(new LandingPage(page).heading).toHaveText('Benvenuto');
  });

  test('the skip link moves the focus to the main content', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Vai al contenuto' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(landing.main).toBeFocused();
  });
});

test.describe('console and API docs', () => {
  test('/admin sends an anonymous visitor out to the landing page', async ({ page, baseURL }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(new LandingPage(page).heading).toBeVisible();
  });

  test('/admin loads for an administrator, with the customize tab and the demo configuration', async ({ page, axe }) => {
    await useSessionInBrowser(page, await adminSession());
    const admin = new AdminPage(page);
    await admin.goto();
    await expect(admin.tab('Personalizza')).toBeVisible();
    await admin.openCustomize();
    await expect(admin.configurationRow('Impact Calls')).toBeVisible();
    await axe();
  });

  test('an administrator outside the customizing domain does not see the customize tab', async ({ page }) => {
    const outsider = await userSession(`outsider-${Date.now().toString(36)}@elsewhere.example`, { admin: true });
    await useSessionInBrowser(page, outsider);
    const console_ = new AdminPage(page);
    await console_.goto();
    await expect(page.getByRole('heading', { level: 1, name: 'Console di amministrazione' })).toBeVisible();
    await expect(console_.tab('Personalizza')).toHaveCount(0);
  });

  test('a signed-in user who is not an administrator is sent out of /admin', async ({ page, baseURL }) => {
    const user = await userSession(`applicant-${Date.now().toString(36)}@example.com`);
    await useSessionInBrowser(page, user);
    await page.goto('/admin');
    // out of the console, to the applicant app (whose landing page sends a signed-in user to /calls)
    await expect(page).toHaveURL(new RegExp(`^${baseURL}/(calls)?$`));
  });

  test('/api/docs loads', async ({ page }) => {
    await page.goto('/api/docs');
    await expect(page).toHaveTitle(/Impact Calls API/);
    await expect(page.locator('.swagger-ui .info .title')).toBeVisible();
  });
});

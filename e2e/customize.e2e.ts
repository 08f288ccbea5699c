import type { APIRequestContext } from '@playwright/test';
import { expect, test, useSessionInBrowser } from './fixtures';
import { AdminPage } from './pages/AdminPage';
import { LandingPage } from './pages/LandingPage';
import { adminSession } from './support/session';

/** A 2x2 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEklEQVR42mNk+M9QzwAEjDAGACCDAv8cI7IoAAAAAElFTkSuQmCC', 'base64');

interface Configuration {
  id: string;
  name: string;
  version: number;
  isActive: boolean;
  logoBase64: string | null;
  languageSelection: boolean;
  defaultLanguage: string;
}

/** Changes the active configuration through the console API, as an administrator. */
async function updateActiveConfiguration(request: APIRequestContext, changes: Partial<Configuration>): Promise<Configuration> {
  const admin = await adminSession();
  const active = (await (await request.get('/api/Config/GetConfig')).json()) as Configuration;
  const res = await request.put(`/api/admin/configurations/${active.id}`, {
    headers: admin.headers,
    data: { name: active.name, version: active.version, ...changes },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Configuration;
}

/**
 * Every test that changes the product's active configuration lives in this file and runs
 * in order, so the other files never see a configuration changing under them.
 */
test.describe('branding configuration', () => {
  test.describe.configure({ mode: 'serial' });

  test('the language selector is hidden when the configuration turns it off', async ({ page, request }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    await landing.chooseLanguage('English'); // remembered, then overruled by the configuration
    await updateActiveConfiguration(request, { languageSelection: false });
    try {
      await page.reload();
      await expect(landing.heading).toHaveText('Benvenuto');
      await expect(landing.loginButton('Accedi')).toBeVisible();
      await expect(landing.languageButton).toHaveCount(0);
    } finally {
      await updateActiveConfiguration(request, { languageSelection: true });
    }
    await page.reload();
    await expect(landing.languageButton).toBeVisible();
  });

  test('an administrator creates a configuration with a logo, activates it, cannot delete it while active, then deletes it', async ({
    page,
    request,
    axe,
    browser,
  }) => {
    test.setTimeout(150_000); // a long story on a busy machine
    const admin = await adminSession();
    const original = (await (await request.get('/api/Config/GetConfig')).json()) as Configuration;
    const name = `E2E brand ${Date.now().toString(36)}`;
    await useSessionInBrowser(page, admin);
    const console_ = new AdminPage(page);
    let createdId: string | undefined;

    try {
      // Create
      await console_.openCustomize();
      await page.getByRole('link', { name: 'Crea' }).click();
      await page.getByLabel('Nome *').fill(name);
      await page.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.getByRole('img', { name: 'Anteprima del logo' })).toBeVisible();
      // ra-input-rich-text's toolbar (third party) has known axe findings; the rest of the form is checked.
      await axe();
      await page.getByRole('button', { name: 'Salva' }).click();
      await expect(page.getByText('Configurazione salvata')).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/configurations\/[0-9a-f-]{36}$/);
      createdId = page.url().split('/').pop();
      // The URL changes before the edit view replaces the create form: wait for a control only
      // the edit view has, or the next save may still submit the create form (a second POST).
      await expect(page.getByRole('button', { name: 'Attiva' })).toBeVisible();

      const saved = (await (
        await request.get(`/api/admin/configurations/${createdId}`, { headers: admin.headers })
      ).json()) as Configuration;
      expect(saved.name).toBe(name);
      expect(saved.isActive).toBe(false);
      expect(saved.logoBase64).toMatch(/^data:image\/png;base64,/);

      // A field error from the API is shown beside its input
      await page.getByLabel('Larghezza del logo').fill('5');
      await page.getByRole('button', { name: 'Salva' }).click();
      await expect(page.getByText(/Almeno 10/)).toBeVisible();
      await page.getByLabel('Larghezza del logo').fill('120');
      await page.getByRole('button', { name: 'Salva' }).click();
      await expect
        .poll(
          async () =>
            (
              (await (await request.get(`/api/admin/configurations/${createdId}`, { headers: admin.headers })).json()) as {
                logoWidth: number;
              }
            ).logoWidth,
        )
        .toBe(120);
      // A second save of the same form works too (the version follows each save)
      await page.getByLabel('Altezza del logo').fill('40');
      await page.getByRole('button', { name: 'Salva' }).click();
      await expect
        .poll(
          async () =>
            (
              (await (await request.get(`/api/admin/configurations/${createdId}`, { headers: admin.headers })).json()) as {
                logoHeight: number;
              }
            ).logoHeight,
        )
        .toBe(40);

      // Activate: the applicant app now shows it
      await page.getByRole('button', { name: 'Attiva' }).click();
      await expect(page.getByText('Configurazione attivata')).toBeVisible();
      // (as a visitor: the landing page sends a signed-in user on to /calls)
      const visitor = await browser.newPage();
      const landing = new LandingPage(visitor);
      await landing.goto();
      await expect(visitor).toHaveTitle(name);
      const logo = landing.banner.getByRole('img', { name: `Logo di ${name}` });
      await expect(logo).toHaveAttribute('width', '120');
      await expect(logo).toHaveAttribute('height', '40');
      await visitor.close();

      // The active one cannot be deleted: the API's message is shown
      await page.goto(`/admin/configurations/${createdId}`);
      await page.getByRole('button', { name: 'Elimina' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click();
      await expect(page.getByText(/Errore durante l'eliminazione!.*La configurazione attiva non può essere eliminata/)).toBeVisible();
    } finally {
      await request.post(`/api/admin/configurations/${original.id}/activate`, { headers: admin.headers });
    }

    // Once another one is active, it can be deleted
    await page.goto(`/admin/configurations/${createdId}`);
    await page.getByRole('button', { name: 'Elimina' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click();
    await expect(page.getByText('Configurazione eliminata')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/configurations$/);
    expect((await request.get(`/api/admin/configurations/${createdId}`, { headers: admin.headers })).status()).toBe(404);
  });

  test('17. the texts applicants read have a value per language, the default language filling the gaps', async ({
    page,
    request,
    axe,
    browser,
  }) => {
    const admin = await adminSession();
    const before = (await (
      await request.get(`/api/admin/configurations/${((await (await request.get('/api/Config/GetConfig')).json()) as Configuration).id}`, {
        headers: admin.headers,
      })
    ).json()) as Configuration & { texts: Record<string, Record<string, string>> };
    try {
      // In the console (Italian): Personalizza, the active configuration, the English and French tabs of its texts.
      await useSessionInBrowser(page, admin);
      await page.goto('/admin');
      await new AdminPage(page).tab('Personalizza').click();
      await page.getByRole('row').filter({ hasText: before.name }).first().click();
      await page.getByRole('tab', { name: 'English' }).click();
      const listName = page.getByRole('textbox', { name: "Nome dell'elenco" });
      await listName.fill('Calls open now');
      await axe();
      await page.getByRole('tab', { name: 'Français' }).click();
      await expect(listName).toHaveValue('Appels à projets');
      await listName.fill('');
      await page.getByRole('button', { name: 'Salva' }).click();
      await expect(page.getByText('Configurazione salvata')).toBeVisible();

      // GetConfig answers the spec's shape in the language asked for; French falls back to Italian, the default.
      const get = async (lang: string) =>
        (await (await request.get(`/api/Config/GetConfig?lang=${lang}`)).json()) as { listName: string; message: string };
      expect((await get('en')).listName).toBe('Calls open now');
      expect((await get('fr')).listName).toBe(before.texts.it.listName);
      expect((await get('fr')).message).toBe(before.texts.fr.message);

      // Applicants see them in their language.
      for (const [language, heading] of [
        ['en', 'Calls open now'],
        ['fr', before.texts.it.listName],
      ] as const) {
        const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: language });
        const applicantPage = await context.newPage();
        await applicantPage.addInitScript((l) => localStorage.setItem('ic_language', l), language);
        await useSessionInBrowser(
          applicantPage,
          await (await import('./support/session')).userSession(`texts-${language}-${Date.now()}@example.com`),
        );
        await applicantPage.goto('/');
        // (A user without an organization also gets the registration dialog, which hides the page from the accessibility tree.)
        await expect(applicantPage.locator('main h1')).toHaveText(heading);
        await context.close();
      }
      // The landing page's welcome message in English, for a visitor.
      const landing = new LandingPage(page);
      await page.context().clearCookies();
      await page.addInitScript(() => localStorage.setItem('ic_language', 'en'));
      await landing.goto();
      await expect(page.getByText(before.texts.en.message.replace(/<[^>]+>/g, ''))).toBeVisible();
    } finally {
      const now = (await (await request.get(`/api/admin/configurations/${before.id}`, { headers: admin.headers })).json()) as Configuration;
      const res = await request.put(`/api/admin/configurations/${before.id}`, {
        headers: admin.headers,
        data: { name: before.name, version: now.version, texts: before.texts },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
  });
});

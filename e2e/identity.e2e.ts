import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { LandingPage } from './pages/LandingPage';
import { OrganizationListPage, OrganizationPanel, UserMenu, notice, registrationDialog, OrganizationForm } from './pages/OrganizationPages';
import { SignInPage, uniqueEmail } from './pages/SignInPage';

/** From the landing page through the embedded provider's page back to /calls. */
async function signInFromLanding(
  page: Page,
  person: { email: string; firstName?: string; lastName?: string },
  via: 'Accedi' | 'Registrati' = 'Accedi',
) {
  const landing = new LandingPage(page);
  await landing.goto();
  await (via === 'Accedi' ? landing.loginButton('Accedi') : landing.registerButton('Registrati')).click();
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await new SignInPage(page).signIn(person);
  await expect(page).toHaveURL(/\/calls$/);
  // Continue on this feature's pages (the call list may open its own register-organization dialog).
  await new OrganizationListPage(page).goto();
}

const ORG_1 = {
  name: 'Cooperativa Arcobaleno',
  reg_number: 'IT09876543210',
  street_name: 'Via Po 3',
  city_name: 'Bologna',
  country: 'Italia',
  contact_role: 'Presidente',
};
const ORG_2 = {
  name: 'Associazione Zefiro',
  reg_number: '97000000001',
  street_name: 'Corso Italia 10',
  city_name: 'Genova',
  country: 'Italia',
  contact_role: 'Tesoriere',
};

test.describe('identity and organizations', () => {
  test('a new user signs in, registers, edits, adds, switches and deletes organizations, then logs out', async ({ page, axe, context }) => {
    const email = uniqueEmail('identity');
    const landing = new LandingPage(page);
    await landing.goto();
    await landing.loginButton('Accedi').click();

    // The embedded provider's page, in the app's language, accessible.
    const signIn = new SignInPage(page);
    await signIn.expectLoaded();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.getByRole('heading', { level: 1, name: 'Accedi' })).toBeVisible();
    await axe();
    await signIn.signIn({ email, firstName: 'Giulia', lastName: 'Verdi' });
    await expect(page).toHaveURL(/\/calls$/);
    const list = new OrganizationListPage(page);
    await list.goto();

    // Name and initials in the top bar; no Admin panel for an applicant.
    const menu = new UserMenu(page, 'Giulia Verdi');
    await expect(menu.button).toContainText('Giulia Verdi');
    // The initials are drawn by CSS (as text they were part of the button's visible label but not its name).
    await expect(menu.button.locator('[data-initials="GV"]')).toHaveCount(1);
    await menu.open();
    await expect(menu.item('Le tue organizzazioni')).toBeVisible();
    await expect(menu.item('Torna ai bandi')).toBeVisible();
    await expect(menu.item('Esci')).toBeVisible();
    await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Pannello di amministrazione' })).toHaveCount(0);
    await menu.item('Torna ai bandi').click();
    await expect(page).toHaveURL(/\/calls$/);
    await list.goto();

    // No organization yet: the side panel prompts to register one, in a modal.
    const panel = new OrganizationPanel(page);
    await expect(panel.root.getByText('Registra la tua organizzazione per partecipare ai bandi.')).toBeVisible();
    await panel.registerButton.click();
    const { dialog, form } = registrationDialog(page);
    await expect(dialog).toBeVisible();
    await expect(form.field('contact_name')).toHaveValue('Giulia');
    await expect(form.field('contact_surname')).toHaveValue('Verdi');
    await expect(form.field('contact_email')).toHaveValue(email);
    await expect(form.submit()).toBeDisabled();
    await form.fill(ORG_1);
    await expect(form.submit()).toBeDisabled(); // the data-processing consent is missing
    await axe();
    await form.consent.check();
    await expect(form.submit()).toBeEnabled();
    await form.submit().click();
    await expect(notice(page, 'Organizzazione registrata!')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // The first organization is selected and sent with every request.
    await panel.expectSelected(ORG_1.name);
    await expect(list.item(ORG_1.name).getByText('Selezionata')).toBeVisible();
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'ic_organization')?.value).toMatch(/^[0-9a-f-]{36}$/);
    await axe();

    // Edit: an emptied required field disables Update; a change is saved.
    await list
      .item(ORG_1.name)
      .getByRole('link', { name: /^Modifica/ })
      .click();
    await expect(page).toHaveURL(/\/org\/edit\/[0-9a-f-]{36}$/);
    const edit = new OrganizationForm(page.getByRole('main'));
    await expect(edit.field('city_name')).toHaveValue('Bologna');
    await edit.field('city_name').fill('');
    await expect(edit.submit('Aggiorna')).toBeDisabled();
    await edit.field('city_name').fill('Modena');
    await expect(edit.submit('Aggiorna')).toBeEnabled();
    await axe();
    await edit.submit('Aggiorna').click();
    await expect(notice(page, 'Organizzazione aggiornata con successo')).toBeVisible();
    await expect(page).toHaveURL(/\/org\/list$/);
    await expect(list.item(ORG_1.name)).toContainText('Modena');

    // A second organization; the selection stays on the first until the user switches.
    await list.addButton.click();
    await form.fill(ORG_2);
    await form.consent.check();
    await form.submit().click();
    await expect(notice(page, 'Organizzazione registrata!')).toBeVisible();
    await expect(list.items).toHaveCount(2);
    await panel.expectSelected(ORG_1.name);
    await panel.selector.selectOption({ label: ORG_2.name });
    await panel.expectSelected(ORG_2.name);
    await expect(list.item(ORG_2.name).getByText('Selezionata')).toBeVisible();

    // Delete the first after confirmation (cancel first: nothing happens).
    await list
      .item(ORG_1.name)
      .getByRole('button', { name: /^Elimina/ })
      .click();
    const confirm = page.getByRole('dialog', { name: "Eliminare l'organizzazione?" });
    await expect(confirm).toContainText(ORG_1.name);
    await axe();
    await confirm.getByRole('button', { name: 'Annulla' }).click();
    await expect(list.items).toHaveCount(2);
    await list
      .item(ORG_1.name)
      .getByRole('button', { name: /^Elimina/ })
      .click();
    await confirm.getByRole('button', { name: 'Elimina' }).click();
    await expect(notice(page, 'Organizzazione eliminata con successo')).toBeVisible();
    await expect(list.items).toHaveCount(1);
    await expect(list.item(ORG_2.name)).toBeVisible();
    await panel.expectSelected(ORG_2.name);

    // Logout: the session goes, through the provider's logout, back to the landing page.
    await menu.open();
    await menu.item('Esci').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(landing.loginButton('Accedi')).toBeVisible();
    const cookies = (await context.cookies()).map((c) => c.name);
    expect(cookies).not.toContain('ic_token');
    expect(cookies).not.toContain('ic_organization');
    // The provider session ended too: Login shows the sign-in page again.
    await landing.loginButton('Accedi').click();
    await expect(page).toHaveURL(/\/oidc\/interaction\//);
  });

  test('/register-org registers an organization and returns to the calls', async ({ page, axe }) => {
    await signInFromLanding(page, { email: uniqueEmail('register-page'), firstName: 'Paolo', lastName: 'Neri' }, 'Registrati');
    await page.goto('/register-org');
    const form = new OrganizationForm(page.getByRole('main'));
    await expect(page.getByRole('heading', { level: 1, name: 'Registra la tua organizzazione' })).toBeVisible();
    await expect(form.field('contact_name')).toHaveValue('Paolo');
    await form.fill({ ...ORG_1, name: 'Fondazione Mare' });
    await form.consent.check();
    await axe();
    await form.submit().click();
    await expect(page).toHaveURL(/\/calls$/);
    await expect(notice(page, 'Organizzazione registrata!')).toBeVisible();
    await new OrganizationPanel(page).expectSelected('Fondazione Mare');
  });

  test('an administrator reaches the console from the user menu', async ({ page }) => {
    await signInFromLanding(page, { email: 'admin@example.org', firstName: 'Ada', lastName: 'Amministratrice' });
    const menu = new UserMenu(page, 'Ada Amministratrice');
    await menu.open();
    await menu.item('Pannello di amministrazione').click();
    await expect(page).toHaveURL(/\/admin\/?$/);
    await expect(page.getByRole('menuitem', { name: /Organizzazioni/ })).toBeVisible();
    await page.getByRole('menuitem', { name: /Organizzazioni/ }).click();
    await expect(page).toHaveURL(/\/admin\/organizations/);
    await expect(page.getByText('Cooperativa Sociale Il Sole')).toBeVisible();
  });

  test('a signed-in applicant is sent back from /admin', async ({ page }) => {
    await signInFromLanding(page, { email: uniqueEmail('no-admin'), firstName: 'Ugo', lastName: 'Bassi' });
    await page.goto('/admin');
    await expect(page).not.toHaveURL(/\/admin/);
    await expect(page).toHaveURL(/\/(calls)?$/);
  });

  test('an anonymous visitor is sent back from /admin and from the organization pages', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/$/);
    await expect(new LandingPage(page).heading).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.goto('/org/list');
    await expect(page).toHaveURL(/\/$/);
  });

  test('the registration-not-verified message @phone', async ({ page, axe }) => {
    await page.goto('/login-callback?userState=AuthenticatedRegistrationNotVerified');
    await expect(page.getByText('Controlla la tua e-mail per completare la registrazione, poi accedi.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Controlla la tua e-mail' })).toBeVisible();
    await axe();
    await page.getByRole('link', { name: 'Torna alla pagina iniziale' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('cancelling at the provider returns to the landing page, signed out', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    await landing.loginButton('Accedi').click();
    await page.getByRole('button', { name: 'Annulla' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(landing.loginButton('Accedi')).toBeVisible();
  });
});

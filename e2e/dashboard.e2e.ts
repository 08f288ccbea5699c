import { translate } from '@impact-calls/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
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

/** A call with two applicants (organizations in Torino) whose submissions are in progress, made through the API. */
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
  const orgs: string[] = [];
  for (let i = 0; i < 2; i++) {
    const email = uniqueEmail(`dash${i}`);
    const user = await userSession(email, { firstName: 'Bruna', lastName: `Rossi ${i}` });
    const orgName = `Cooperativa ${i} ${name}`;
    const org = await request.post('/api/Organization/CreateOrganization', {
      headers: user.headers,
      data: {
        name: orgName,
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
    orgs.push(orgName);
  }
  return orgs;
}

test('an administrator reads the portfolio dashboard and opens the submissions a number counts @phone', async ({
  page,
  axe,
  request,
}, info) => {
  test.setTimeout(120_000);
  const name = `Bando cruscotto ${Date.now()}`;
  const orgs = await callWithApplicants(request, name);
  await signInAsAdmin(page);
  const shots = `docs/screenshots/dashboard/${info.project.name}`;

  // The console home: the portfolio of every call, charts with their numbers.
  await page.goto('/admin');
  const dashboard = page.getByTestId('portfolio-dashboard');
  await expect(dashboard.getByRole('heading', { name: it('pages.admin.dashboard.title') })).toBeVisible();
  const sdgs = page.getByTestId('dashboard-sdgs');
  await expect(sdgs.getByRole('row')).toHaveCount(18); // the header and the 17 goals
  await expect(sdgs.locator('svg').first()).toBeVisible();
  await expect(
    page.getByTestId('dashboard-states').getByRole('link', { name: new RegExp(`^${it('pages.admin.dashboard.states.total')}: `) }),
  ).toBeVisible();
  await axe();
  await page.screenshot({ path: `${shots}-home.png`, fullPage: true });

  // One call's dashboard: from the call's row (desktop) or the call picker (both).
  if (info.project.name === 'desktop') {
    await page.goto('/admin/calls');
    await page
      .getByRole('row')
      .filter({ hasText: name })
      .getByRole('link', { name: it('pages.admin.dashboard.button') })
      .click();
  } else {
    await page.getByRole('combobox', { name: it('pages.admin.dashboard.call') }).click();
    await page.getByRole('option', { name }).click();
  }
  await expect(page).toHaveURL(/\/admin\/calls\/[0-9a-f-]+\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: it('pages.admin.dashboard.call-title', { name }) })).toBeVisible();
  const states = page.getByTestId('dashboard-states');
  await expect(states.getByRole('link', { name: `${it('pages.admin.dashboard.states.total')}: 2` })).toBeVisible();
  await expect(states.getByRole('link', { name: `${it('pages.admin.dashboard.states.open')}: 2` })).toBeVisible();
  await expect(page.getByTestId('dashboard-funnel').getByRole('link', { name: 'Benvenuto: 2' })).toBeVisible();
  await expect(page.getByTestId('dashboard-organizations').getByRole('link', { name: 'Torino: 2' })).toBeVisible();
  await axe();
  await page.screenshot({ path: `${shots}-call.png`, fullPage: true });

  // A number opens the submissions list filtered as it counts: the call's two organizations in Torino.
  await page.getByTestId('dashboard-organizations').getByRole('link', { name: 'Torino: 2' }).click();
  await expect(page).toHaveURL(/\/admin\/submissions\?/);
  const filter = JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}');
  expect(filter).toMatchObject({ country: 'Italia', city: 'Torino' });
  for (const org of orgs) await expect(page.getByText(org).first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: it('resources.submissions.fields.city') })).toHaveValue('Torino');
  await axe();
});

/**
 * Issue 19: sign-in through a real, external OpenID Connect provider. LemonLDAP::NG (Debian's
 * packages, started by ../shared/tools/oidc-provider, which installs them when missing) runs on
 * loopback with its demo users; the product runs with OIDC_ISSUER pointing at it and the client
 * authentication chosen from its metadata (client_secret_post: its Basic parser does not decode
 * `impact%2Dcalls`). An administrator (dwho, roles ["admin"]) and a plain user (rtyler, roles [])
 * sign in in Chromium; sign-out goes through the provider's end-session endpoint with
 * `id_token_hint`, so the provider asks nothing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { LandingPage } from './pages/LandingPage';
import { UserMenu } from './pages/OrganizationPages';
import { freePort } from './support/free-port';
import { startOwnProduct, type OwnProduct } from './support/product';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The tool sits beside the repository (`../shared/tools/oidc-provider`), here and in CI; OIDC_PROVIDER_TOOL overrides. */
const TOOL = resolve(ROOT, process.env.OIDC_PROVIDER_TOOL ?? '../shared/tools/oidc-provider');
/** The screenshots go to the docs only when asked (E2E_DOCS_SCREENSHOTS=1), so that test runs leave the tree clean. */
const SCREENSHOTS = join(
  ROOT,
  process.env.E2E_DOCS_SCREENSHOTS ? 'docs/screenshots/identity-providers' : 'test-results/e2e/identity-providers',
);

test.describe.configure({ mode: 'serial' });
test.skip(
  !existsSync(join(TOOL, 'start')),
  `No OpenID Connect provider tool at ${TOOL} (set OIDC_PROVIDER_TOOL): the LemonLDAP::NG sign-in is not tested`,
);

let product: OwnProduct;
let idpDir: string;
let issuer: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // The provider's port first: the product reads its discovery document only at the first sign-in.
  const idpPort = await freePort();
  issuer = `http://localhost:${idpPort}`;
  product = await startOwnProduct({
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: 'impact-calls',
    OIDC_CLIENT_SECRET: 'impact-calls-secret',
    LOG_LEVEL: 'info',
  });
  idpDir = join(mkdtempSync(join(tmpdir(), 'impact-calls-idp-')), 'state');
  const started = spawnSync(
    join(TOOL, 'start'),
    [
      '--port',
      String(idpPort),
      '--dir',
      idpDir,
      '--redirect-uri',
      `${product.url}/login-callback`,
      '--post-logout-uri',
      `${product.url}/logout-callback`,
    ],
    { encoding: 'utf8', timeout: 200_000 },
  );
  if (started.status !== 0) throw new Error(`oidc-provider start failed (${started.status}):\n${started.stderr}\n${started.stdout}`);
  expect(started.stdout).toContain(`OIDC_ISSUER=${issuer}`);
});

test.afterAll(async () => {
  if (idpDir && existsSync(idpDir)) {
    spawnSync(join(TOOL, 'stop'), ['--dir', idpDir, '--clean'], { encoding: 'utf8', timeout: 30_000 });
    rmSync(dirname(idpDir), { recursive: true, force: true });
  }
  await product?.close();
});

/** From the landing page through LemonLDAP::NG's login form back to /calls. */
async function signIn(page: Page, login: string, screenshot?: string) {
  const landing = new LandingPage(page);
  await page.goto(`${product.url}/`);
  await expect(landing.heading).toBeVisible();
  await landing.loginButton('Accedi').click();
  await expect(page).toHaveURL(new RegExp(`^${issuer}/`));
  const form = page.locator('#lform');
  await expect(form).toBeVisible();
  await page.locator('#userfield').fill(login);
  await page.locator('#passwordfield').fill(login);
  if (screenshot) await page.screenshot({ path: join(SCREENSHOTS, screenshot) });
  await form.locator('button[type=submit]').click();
  await expect(page).toHaveURL(`${product.url}/calls`);
  // A first sign-in without an organization: the call list offers to register one; not now.
  const dialog = page.getByRole('dialog', { name: 'Registra la tua organizzazione' });
  await dialog.getByRole('button', { name: 'Chiudi' }).click();
  await expect(dialog).toHaveCount(0);
}

/** Signs out from the user menu; answers the status of the provider's end-session response. */
async function signOut(page: Page, menu: UserMenu): Promise<number> {
  await menu.open();
  const logout = page.waitForResponse((r) => r.url().startsWith(`${issuer}/oauth2/logout`));
  await menu.item('Esci').click();
  const res = await logout;
  expect(new URL(res.url()).searchParams.get('id_token_hint')).toBeTruthy();
  await expect(page).toHaveURL(`${product.url}/`);
  return res.status();
}

test('an administrator (dwho, roles ["admin"]) signs in through LemonLDAP::NG, opens the console and signs out without a prompt', async ({
  page,
}) => {
  await signIn(page, 'dwho', 'lemonldap-login.png');
  const menu = new UserMenu(page, 'Doctor Who');
  await expect(menu.button).toBeVisible();
  await menu.open();
  await menu.item('Pannello di amministrazione').click();
  await expect(page).toHaveURL(new RegExp(`^${product.url}/admin/?`));
  await expect(page.getByRole('menuitem', { name: /Organizzazioni/ })).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, 'console-after-lemonldap.png') });

  // The user as the product stored it: the provider's subject, e-mail, names and the admin role.
  const me = await page.evaluate(async (url) => {
    const token = document.cookie.match(/(?:^|; )ic_token=([^;]+)/)?.[1];
    const res = await fetch(`${url}/api/User`, { headers: { Authorization: `Bearer ${decodeURIComponent(token ?? '')}` } });
    return (await res.json()) as Record<string, unknown>;
  }, product.url);
  expect(me).toMatchObject({ email: 'dwho@badwolf.org', firstName: 'Doctor', lastName: 'Who', roles: ['admin'], isAdmin: true });

  await page.goto(`${product.url}/calls`);
  // A redirect (302) straight back to /logout-callback: no "Do you want to logout?" page (200).
  expect(await signOut(page, new UserMenu(page, 'Doctor Who'))).toBe(302);
  // The provider's session ended too: Login shows its form again.
  await new LandingPage(page).loginButton('Accedi').click();
  await expect(page.locator('#lform')).toBeVisible();
  // The product logged which client authentication it chose from the metadata.
  expect(product.log()).toContain('Token endpoint client authentication: client_secret_post');
});

test('a plain user (rtyler) signs in, gets no console, and signs out; Register shows the same login form', async ({ page }) => {
  await signIn(page, 'rtyler');
  const menu = new UserMenu(page, 'Rose Tyler');
  await menu.open();
  await expect(menu.item('Esci')).toBeVisible();
  await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Pannello di amministrazione' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto(`${product.url}/admin`);
  await expect(page).not.toHaveURL(/\/admin/);

  await page.goto(`${product.url}/calls`);
  expect(await signOut(page, new UserMenu(page, 'Rose Tyler'))).toBe(302);

  // prompt=create: LemonLDAP::NG has no registration page and shows its login form (README, "Registration").
  const authorize = page.waitForRequest((r) => r.url().startsWith(`${issuer}/oauth2/authorize`));
  await new LandingPage(page).registerButton('Registrati').click();
  expect(new URL((await authorize).url()).searchParams.get('prompt')).toBe('create');
  await expect(page.locator('#lform')).toBeVisible();
  const stored = readFileSync(join(idpDir, 'portal.log'), 'utf8');
  expect(stored).not.toContain('No registered Relying Party found');
});

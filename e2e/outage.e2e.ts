/**
 * Issue 13, finding 6: the database stops while an applicant fills a call. The page keeps what
 * is typed, shows a quiet "saving paused, retrying" state while the API answers 503, retries
 * with backoff, and saves everything once the database is back: nothing typed is lost. On a
 * product of the test's own (support/product.ts), whose PostgreSQL the test stops and starts.
 */
import { translate } from '@impact-calls/domain';
import { expect, test } from './fixtures';
import { CallsPage } from './pages/CallsPage';
import { FillPage } from './pages/FillPage';
import { startOwnProduct, type OwnProduct } from './support/product';

const SURVEY = '5e0c0001-0000-4000-8000-000000000005';
const TEXT = '5e0c0001-0000-4000-8000-000000000001';

let product: OwnProduct | undefined;
test.afterEach(async () => {
  await product?.close();
  product = undefined;
});

test('the database stops mid-fill and comes back: saving pauses, retries, and nothing typed is lost @phone', async ({ browser }, info) => {
  test.setTimeout(180_000);
  product = await startOwnProduct();
  const p = product;
  const admin = await p.session('admin@example.org', { admin: true });
  const day = 86_400_000;
  const name = 'Bando resiliente';
  const created = await fetch(`${p.url}/api/Call/CreateCall`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name,
      openingAt: new Date(Date.now() - day).toISOString(),
      closingAt: new Date(Date.now() + day).toISOString(),
      callType: {
        steps: [
          { name: 'Benvenuto', stepTypeId: TEXT, content: { html: '<p>Ciao</p>' } },
          {
            name: 'Il progetto',
            stepTypeId: SURVEY,
            content: { pages: [{ elements: [{ type: 'comment', name: 'mission', title: 'La missione' }] }] },
          },
        ],
      },
    }),
  });
  expect(created.status).toBe(200);
  const me = await p.session(`resilient-${info.project.name}@applicant.test`);
  const org = await fetch(`${p.url}/api/Organization/CreateOrganization`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${me.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Cooperativa Tenace',
      reg_number: 'IT01234567890',
      street_name: 'Via Roma 1',
      city_name: 'Milano',
      country: 'Italia',
      contact_name: 'Tina',
      contact_surname: 'Tenace',
      contact_role: 'Presidente',
      contact_email: 'tina@applicant.test',
      personalData: true,
    }),
  });
  const orgId = ((await org.json()) as { id: string }).id;

  const { viewport, isMobile, hasTouch, deviceScaleFactor } = info.project.use;
  const context = await browser.newContext({ viewport, isMobile, hasTouch, deviceScaleFactor, baseURL: p.url, locale: 'it-IT' });
  const page = await context.newPage();
  await context.addCookies([
    { name: 'ic_token', value: me.token, url: p.url },
    { name: 'ic_organization', value: orgId, url: p.url },
  ]);

  // From the call list to the survey step, by clicking.
  const calls = new CallsPage(page);
  await calls.goto();
  await calls.button(calls.card(name), 'submit').click();
  const fill = new FillPage(page);
  await fill.expectStep('Benvenuto');
  await fill.next.click();
  await fill.expectStep('Il progetto');
  await fill.fillText('La missione', 'Acqua pulita');
  await page.keyboard.press('Tab'); // SurveyJS takes a text when it loses the focus
  await fill.expectSaved();

  // The database stops: what is typed now stays on the page and on this device, and saving waits.
  await p.stopDatabase();
  const typed = 'Acqua pulita per ogni scuola del quartiere, anche mentre il server non risponde';
  await fill.fillText('La missione', typed);
  await page.keyboard.press('Tab');
  await expect(fill.saveStatus).toHaveAttribute('data-state', 'retrying', { timeout: 20_000 });
  await expect(fill.saveStatus).toContainText(translate('it', 'fill.save-retrying'));
  await page.screenshot({ path: info.outputPath('saving-paused.png') });
  await expect(page.locator('.sd-question textarea').first()).toHaveValue(typed);

  // It comes back: the next retry saves it, without a keystroke.
  await p.startDatabase();
  await expect(fill.saveStatus).toHaveAttribute('data-state', 'saved', { timeout: 60_000 });
  await page.reload();
  await fill.expectStep('Il progetto');
  await expect(page.locator('.sd-question textarea').first()).toHaveValue(typed);
  await context.close();
});

import { translate } from '@impact-calls/domain';
import { expect, type Locator, type Page } from '@playwright/test';

const it = (key: string) => translate('it', key);

/** `/calls` in Italian: the open group, the closed group and the call cards. */
export class CallsPage {
  readonly main: Locator;
  readonly openGroup: Locator;
  readonly closedGroup: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.openGroup = this.main.getByRole('region', { name: it('pages.calls.open-calls') });
    this.closedGroup = this.main.getByRole('region', { name: it('pages.calls.closed-calls') });
  }

  async goto(): Promise<void> {
    await this.page.goto('/calls');
    await expect(this.main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(this.main.locator('[aria-busy="true"]')).toHaveCount(0);
    await this.showAll();
  }

  /**
   * Clicks "show more calls" until every page is listed, as an applicant looking for a call
   * would: the list comes 20 calls at a time, and the tests' database holds many.
   */
  async showAll(): Promise<void> {
    const more = this.main.getByRole('button', { name: it('pages.calls.show-more') });
    for (let i = 0; i < 100 && (await more.isVisible()); i++) {
      await more.click();
      // Disabled while the next page loads; then enabled again (more to come) or gone.
      // (The button may go between the two reads: then isEnabled finds nothing, and the next poll sees it gone.)
      await expect.poll(async () => (await more.count()) === 0 || (await more.isEnabled({ timeout: 500 }).catch(() => false))).toBe(true);
    }
  }

  /** The card of a call, by its exact name. */
  card(name: string): Locator {
    return this.main.getByRole('article', { name, exact: true });
  }

  /** The names of the cards of a group, in page order. */
  async names(group: Locator): Promise<string[]> {
    return group.getByRole('article').locator('h3').allInnerTexts();
  }

  status(card: Locator): Locator {
    return card.getByTestId('call-status');
  }

  /** "Read more" under a description the list shortened. */
  readMore(card: Locator): Locator {
    return card.getByRole('button', { name: it('pages.calls.read-more') });
  }

  button(
    card: Locator,
    action: 'submit' | 'resume' | 'submitted' | 'closed' | 'view-recap' | 'view-report' | 'download-file' | 'download-pdf',
  ): Locator {
    return card.getByRole('button', { name: it(`pages.calls.actions.${action}`) });
  }
}

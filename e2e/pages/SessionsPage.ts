import { translate } from '@impact-calls/domain';
import { expect, type Locator, type Page } from '@playwright/test';

const it = (key: string, params?: Record<string, string>) => translate('it', key, params);

/** `/sessions` in Italian: the devices where the user is signed in. */
export class SessionsPage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly list: Locator;
  readonly cards: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 1, name: it('pages.sessions.title') });
    this.list = this.main.getByRole('list', { name: it('pages.sessions.title') });
    this.cards = this.list.getByRole('listitem');
  }

  async expectLoaded(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.list).toBeVisible();
  }

  /** The card of this device (marked "Questo dispositivo"). */
  get thisDevice(): Locator {
    return this.cards.filter({ hasText: it('pages.sessions.this-device') });
  }

  card(device: string): Locator {
    return this.cards.filter({ has: this.page.getByRole('heading', { name: device }) });
  }

  signOut(device: string): Locator {
    return this.main.getByRole('button', { name: it('pages.sessions.sign-out-device', { device }) });
  }

  get signOutOthers(): Locator {
    return this.main.getByRole('button', { name: it('pages.sessions.sign-out-others') });
  }

  get signOutEverywhere(): Locator {
    return this.main.getByRole('button', { name: it('pages.sessions.sign-out-everywhere') });
  }
}

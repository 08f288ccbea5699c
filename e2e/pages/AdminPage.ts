import { expect, type Locator, type Page } from '@playwright/test';

/** The console at /admin (react-admin). */
export class AdminPage {
  readonly menu: Locator;

  constructor(readonly page: Page) {
    this.menu = page.locator('.RaSidebar-fixed, .RaMenu-root').first();
  }

  async goto(path = ''): Promise<void> {
    await this.page.goto(`/admin${path}`);
  }

  /** A tab of the admin home (calls, submissions, report, customize, impactframe) by its label. */
  tab(name: string | RegExp): Locator {
    return this.page.getByRole('menuitem', { name });
  }

  async openCustomize(): Promise<void> {
    await this.goto('/customize');
    await expect(this.page).toHaveURL(/\/admin\/configurations/);
  }

  /** The configuration list's row for a configuration name. */
  configurationRow(name: string): Locator {
    return this.page.getByRole('row').filter({ hasText: name });
  }

  notification(): Locator {
    return this.page.locator('.RaNotification, [role="alert"]').filter({ hasText: /./ }).first();
  }
}

import { expect, type Locator, type Page } from '@playwright/test';

/** `/`: the welcome page and the applicant shell's top bar. */
export class LandingPage {
  readonly banner: Locator;
  readonly main: Locator;
  readonly heading: Locator;
  readonly languageButton: Locator;

  constructor(readonly page: Page) {
    this.banner = page.getByRole('banner');
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 1 }).first();
    // Its accessible name is "IT – Lingua: Italiano" (code shown, then the label, in the current language).
    this.languageButton = this.banner.getByRole('button', { name: /(Lingua|Language|Langue):/ });
  }

  async goto(): Promise<void> {
    await this.page.goto('/');
    await expect(this.heading).toBeVisible();
  }

  loginButton(name: RegExp | string = /^(Accedi|Login|Se connecter)$/): Locator {
    return this.main.getByRole('button', { name });
  }

  registerButton(name: RegExp | string = /^(Registrati|Register|S'inscrire)$/): Locator {
    return this.main.getByRole('button', { name });
  }

  /** Picks a language in the top bar's selector by its own name (Italiano, English, Français). */
  async chooseLanguage(name: 'Italiano' | 'English' | 'Français'): Promise<void> {
    await this.languageButton.click();
    await this.page.getByRole('menuitem', { name }).click();
  }

  async htmlLang(): Promise<string | null> {
    return this.page.locator('html').getAttribute('lang');
  }
}

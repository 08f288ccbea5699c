import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The embedded development identity provider's sign-in page at /oidc: an e-mail field
 * (name="email"), first name, last name and a "Sign in" button; an unknown e-mail is
 * registered on the spot. admin@example.org is an administrator.
 */
export class SignInPage {
  readonly email: Locator;
  readonly firstName: Locator;
  readonly lastName: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.email = page.locator('input[name="email"]');
    this.firstName = page.locator('input[name="firstName"]');
    this.lastName = page.locator('input[name="lastName"]');
    // The page follows the app's language (ui_locales): Sign in, Accedi, Se connecter.
    this.submit = page.getByRole('button', { name: /^(sign in|accedi|se connecter)$/i });
  }

  async expectLoaded(): Promise<void> {
    await expect(this.email).toBeVisible();
  }

  /** Fills and submits the form; the browser then returns to the app through /login-callback. */
  async signIn({ email, firstName = 'Test', lastName = 'User' }: { email: string; firstName?: string; lastName?: string }): Promise<void> {
    await this.expectLoaded();
    await this.email.fill(email);
    await this.firstName.fill(firstName);
    await this.lastName.fill(lastName);
    await this.submit.click();
  }
}

/** A unique e-mail for a test user. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.example.com`;
}

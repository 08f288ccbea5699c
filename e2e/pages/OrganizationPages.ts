import { expect, type Locator, type Page } from '@playwright/test';

/** The organization fields of the registration and edit forms, by their Italian labels. */
export interface OrganizationFields {
  name: string;
  reg_number: string;
  street_name: string;
  city_name: string;
  country: string;
  contact_role: string;
}

const LABELS: Record<keyof OrganizationFields, RegExp> = {
  name: /^Nome dell'organizzazione/,
  reg_number: /^Codice fiscale o partita IVA/,
  street_name: /^Via e numero civico/,
  city_name: /^Città/,
  country: /^Paese/,
  contact_role: /^Ruolo/,
};

/** The organization form (registration modal, /register-org, /org/edit), in Italian. */
export class OrganizationForm {
  readonly consent: Locator;

  constructor(readonly root: Locator) {
    this.consent = root.getByLabel(/Acconsento al trattamento dei dati personali/);
  }

  field(name: keyof OrganizationFields | 'contact_name' | 'contact_surname' | 'contact_email'): Locator {
    const labels = { ...LABELS, contact_name: /^Nome[\s*]*$/, contact_surname: /^Cognome/, contact_email: /^E-mail/ };
    return this.root.getByLabel(labels[name]);
  }

  async fill(values: Partial<OrganizationFields>): Promise<void> {
    for (const [k, v] of Object.entries(values)) await this.field(k as keyof OrganizationFields).fill(v);
  }

  submit(name: 'Invia' | 'Aggiorna' = 'Invia'): Locator {
    return this.root.getByRole('button', { name, exact: true });
  }
}

/** The side panel of a signed-in user: the organization selector or the prompt to register one. */
export class OrganizationPanel {
  readonly root: Locator;
  readonly selector: Locator;
  readonly registerButton: Locator;
  readonly addButton: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('navigation', { name: "Pannello dell'organizzazione" });
    this.selector = this.root.getByLabel('Organizzazione');
    this.registerButton = this.root.getByRole('button', { name: 'Registra organizzazione' });
    this.addButton = this.root.getByRole('button', { name: 'Aggiungi organizzazione' });
  }

  async expectSelected(name: string): Promise<void> {
    await expect(this.selector.locator('option:checked')).toHaveText(name);
  }
}

/** The registration modal. */
export function registrationDialog(page: Page): { dialog: Locator; form: OrganizationForm } {
  const dialog = page.getByRole('dialog', { name: 'Registra la tua organizzazione' });
  return { dialog, form: new OrganizationForm(dialog) };
}

/** `/org/list`. */
export class OrganizationListPage {
  readonly heading: Locator;
  readonly addButton: Locator;
  readonly items: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Le tue organizzazioni' });
    this.addButton = page.getByRole('main').getByRole('button', { name: 'Aggiungi organizzazione' });
    this.items = page.getByRole('main').getByRole('listitem');
  }

  async goto(): Promise<void> {
    await this.page.goto('/org/list');
    await expect(this.heading).toBeVisible();
  }

  item(name: string): Locator {
    return this.items.filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }
}

/** The user menu of the top bar: a menu button named after the user. */
export class UserMenu {
  readonly button: Locator;

  constructor(
    readonly page: Page,
    userName: string,
  ) {
    this.button = page.getByRole('banner').getByRole('button', { name: userName, exact: true });
  }

  /**
   * Opens the menu from the keyboard. A mouse click races the menu's hover opening: when
   * more than 100 ms pass between the pointer reaching the button and the click (a busy
   * machine), hovering opens the menu and the click toggles it shut again while it is
   * still fading in. That is a bug of the menu (reported); the keyboard path has no timer.
   */
  async open(): Promise<void> {
    await this.button.focus();
    await this.page.keyboard.press('Enter');
    await expect(this.button).toHaveAttribute('aria-expanded', 'true');
    await expect(this.page.getByRole('menu')).toBeVisible();
  }

  item(name: 'Le tue organizzazioni' | 'Torna ai bandi' | 'Le tue sessioni' | 'Pannello di amministrazione' | 'Esci'): Locator {
    return this.page.getByRole('menu').getByRole('menuitem', { name });
  }
}

/** Notices (snackbars) of the organization screens. */
export function notice(page: Page, text: string | RegExp): Locator {
  return page
    .getByRole('status')
    .filter({ hasText: text })
    .or(page.getByRole('alert').filter({ hasText: text }));
}

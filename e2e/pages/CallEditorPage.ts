import { translate } from '@impact-calls/domain';
import { expect, type Locator, type Page } from '@playwright/test';

const it = (key: string, vars?: Record<string, string | number>) => translate('it', key, vars);

export type StepKindName = 'text' | 'upload' | 'miniDyi' | 'results' | 'survey' | 'quiz';

/** The console's calls tab and call editor (`/admin/calls`, `/admin/calls/create`, `/admin/calls/{id}`), in Italian. */
export class CallEditorPage {
  readonly main: Locator;
  readonly panel: Locator;
  readonly stepRows: Locator;

  constructor(readonly page: Page) {
    this.main = page.locator('#main-content, main').first();
    this.panel = page.getByRole('dialog', { name: /^Passo \d+$/ });
    this.stepRows = page.getByTestId('step-row');
  }

  async gotoList(): Promise<void> {
    await this.page.goto('/admin/calls');
    await expect(
      this.page
        .getByRole('button', { name: it('pages.admin.calls.new-call') })
        .or(this.page.getByRole('link', { name: it('pages.admin.calls.new-call') })),
    ).toBeVisible();
  }

  async newCall(): Promise<void> {
    await this.page.getByRole('link', { name: it('pages.admin.calls.new-call') }).click();
    await expect(this.page).toHaveURL(/\/admin\/calls\/create$/);
  }

  field(key: string): Locator {
    return this.page.getByLabel(translate('it', `resources.calls.fields.${key}`), { exact: false }).first();
  }

  async fillGeneral(o: { name: string; description: string; openingAt: string; closingAt: string }): Promise<void> {
    await this.page.getByRole('textbox', { name: /^Nome/ }).fill(o.name);
    const editor = this.page.locator('.ProseMirror').first();
    await editor.click();
    await editor.pressSequentially(o.description);
    await this.page.getByLabel(/^Data di apertura/).fill(o.openingAt);
    await this.page.getByLabel(/^Data di chiusura/).fill(o.closingAt);
  }

  async openTab(key: 'tab-general' | 'tab-steps' | 'tab-powerbi'): Promise<void> {
    await this.page.getByRole('tab', { name: it(`pages.admin.calls.${key}`) }).click();
  }

  /** Adds a step of a kind (hidden kinds through the switch) and leaves its side panel open. */
  async addStep(kind: StepKindName): Promise<void> {
    await this.page.getByRole('button', { name: it('pages.admin.steps.add') }).click();
    const menu = this.page.getByRole('menu');
    if (kind === 'quiz') {
      const hidden = menu.getByLabel(it('pages.admin.steps.show-hidden'));
      if (!(await hidden.isChecked())) await hidden.check();
    }
    await menu.locator(`[data-kind="${kind}"]`).click();
    await expect(this.panel).toBeVisible();
  }

  panelField(label: string | RegExp): Locator {
    return this.panel.getByLabel(label).first();
  }

  async setStepTitle(title: string): Promise<void> {
    await this.panel.getByRole('textbox', { name: new RegExp(`^${it('pages.admin.steps.name')}`) }).fill(title);
  }

  async closePanel(): Promise<void> {
    await this.panel.getByRole('button', { name: it('pages.admin.steps.done') }).click();
    await expect(this.panel).toHaveCount(0);
  }

  /** Picks an option of a MUI select (opened by its label) in the side panel. */
  async choose(label: string | RegExp, option: string | RegExp): Promise<void> {
    await this.panel.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option }).click();
  }

  row(index: number): Locator {
    return this.stepRows.nth(index);
  }

  /** The step names now (no retry: compare them with `expect.poll`, the list re-renders after a move or removal). */
  async stepNames(): Promise<string[]> {
    return (await this.stepRows.getByTestId('step-name').allInnerTexts()).map((t) => t.trim());
  }

  async moveUp(index: number): Promise<void> {
    await this.row(index)
      .getByRole('button', { name: it('pages.admin.steps.move-up') })
      .click();
  }

  async remove(index: number): Promise<void> {
    await this.row(index)
      .getByRole('button', { name: it('pages.admin.steps.remove') })
      .click();
    await this.page
      .getByRole('dialog')
      .getByRole('button', { name: /Conferma/ })
      .click();
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Salva' }).click();
  }

  notification(text: string): Locator {
    return this.page.getByText(text, { exact: false }).first();
  }

  listRow(name: string): Locator {
    return this.page.getByRole('row').filter({ hasText: name });
  }
}

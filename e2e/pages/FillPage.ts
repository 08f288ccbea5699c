import { expect, type Locator, type Page } from '@playwright/test';

/** `/call/:submissionId/*`: the fill screen (steps, navigation, autosave, submit, closing page). */
export class FillPage {
  readonly main: Locator;
  readonly stepTitle: Locator;
  readonly steps: Locator;
  readonly next: Locator;
  readonly previous: Locator;
  readonly submit: Locator;
  readonly saveStatus: Locator;
  readonly readOnlyBanner: Locator;
  readonly closingPage: Locator;
  readonly nextBlocked: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.stepTitle = this.main.locator('#step-title');
    this.steps = this.main.getByRole('navigation', { name: /^(Passaggi|Steps|Étapes)$/ }).filter({ visible: true });
    this.next = this.main.getByRole('button', { name: /^(Avanti|Next|Suivant)$/ });
    this.previous = this.main.getByRole('button', { name: /^(Indietro|Previous|Précédent)$/ });
    this.submit = this.main.getByRole('button', { name: /^(Invia|Submit|Envoyer)$/ });
    this.saveStatus = page.getByTestId('save-status');
    this.readOnlyBanner = page.getByTestId('read-only-banner');
    this.closingPage = page.getByTestId('closing-page');
    this.nextBlocked = page.getByTestId('next-blocked');
  }

  async goto(submissionId: string, { step, readonly }: { step?: number; readonly?: boolean } = {}): Promise<void> {
    await this.page.goto(`/call/${submissionId}${step === undefined ? '' : `/step/${step}`}${readonly ? '?readonly=true' : ''}`);
  }

  async expectStep(name: string): Promise<void> {
    await expect(this.stepTitle).toHaveText(name);
  }

  /** Opens a step from the sidebar (its name may end with its mark: complete, to complete). */
  async openStep(name: string): Promise<void> {
    await this.steps.getByRole('button', { name: new RegExp(`^\\d+\\. ${name}( [^.]*)?$`) }).click();
    await this.expectStep(name);
  }

  /** The upload slot whose title is `slot` (its file input, its file name once uploaded). */
  uploadSlot(slot: string) {
    const card = this.main.getByRole('region', { name: slot });
    return {
      card,
      input: card.locator('input[type="file"]'),
      description: card.getByRole('textbox'),
      fileName: card.getByTestId('slot-file-name'),
      async upload(file: { name: string; mimeType: string; buffer: Buffer }, description?: string) {
        if (description) await card.getByRole('textbox').fill(description);
        await card.locator('input[type="file"]').setInputFiles(file);
        await expect(card.getByTestId('slot-file-name')).toHaveText(file.name);
      },
    };
  }

  /** SurveyJS: picks a choice (radio or checkbox) by its text within a question. */
  async choose(question: string, choice: string): Promise<void> {
    const q = this.main.locator('.sd-question').filter({ hasText: question });
    await q
      .locator('.sd-item')
      .filter({ hasText: new RegExp(`^\\s*${choice}\\s*$`) })
      .locator('label')
      .click();
  }

  async fillText(question: string, text: string): Promise<void> {
    const q = this.main.locator('.sd-question').filter({ hasText: question });
    await q.locator('input, textarea').first().fill(text);
  }

  /** Next on a survey's last page: the fill screen validates it, marks the survey completed and goes on (one navigation). */
  async completeSurvey(): Promise<void> {
    const before = (await this.stepTitle.textContent()) ?? '';
    await this.next.click();
    await expect(this.stepTitle).not.toHaveText(before);
  }

  async expectSaved(): Promise<void> {
    await expect(this.saveStatus).toHaveAttribute('data-state', 'saved');
  }

  /** Submit on the last position, confirm, wait for the closing page. */
  async submitAndConfirm(): Promise<void> {
    await this.submit.click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByRole('button', { name: /^(Invia|Submit|Envoyer)$/ }).click();
    await expect(this.closingPage).toBeVisible();
  }
}

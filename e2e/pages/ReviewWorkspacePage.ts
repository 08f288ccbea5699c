import { translate, type Language } from '@impact-calls/domain';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The reviewer's workspace in the console: `/admin/review` (my calls), `/admin/review/{callId}`
 * (my applications of a call) and `/admin/review/{callId}/{assignmentId}` (an application beside
 * the scoring form). The language can change while the page object lives (`use`).
 */
export class ReviewWorkspacePage {
  t: (key: string, vars?: Record<string, string | number>) => string;

  constructor(
    readonly page: Page,
    public language: Language = 'it',
  ) {
    this.t = (key, vars) => translate(this.language, key, vars);
  }

  /** The texts the page object expects from now on (after a switch of the console's language). */
  use(language: Language): void {
    this.language = language;
  }

  // My calls.

  callCard(callName: string): Locator {
    return this.page.getByTestId('review-call').filter({ hasText: callName });
  }

  async openCall(callName: string): Promise<void> {
    await this.callCard(callName)
      .getByRole('link', { name: `${this.t('pages.review-workspace.calls.open')}: ${callName}` })
      .click();
    await expect(this.page.getByRole('heading', { level: 1, name: callName })).toBeVisible();
  }

  // My applications of a call.

  assignmentRows(): Locator {
    return this.page.getByTestId('review-assignment');
  }

  assignmentRow(code: string): Locator {
    return this.assignmentRows().filter({ hasText: code });
  }

  startButton(started = false): Locator {
    return this.page.getByRole('button', {
      name: this.t(started ? 'pages.review-workspace.assignments.continue' : 'pages.review-workspace.assignments.start'),
    });
  }

  // The workspace.

  /** The application's heading: "{call} · {code}". */
  applicationHeading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  /** The code of the application now open (from its heading). */
  async openCode(callName: string): Promise<string> {
    const text = (await this.applicationHeading().innerText()).trim();
    expect(text.startsWith(`${callName} · `), text).toBe(true);
    return text.slice(callName.length + 3);
  }

  /** The scoring form (a region named by its heading), with the review's state chip. */
  form(): Locator {
    return this.page.getByRole('region', { name: this.t('pages.review-workspace.form.title') });
  }

  criterion(name: string): Locator {
    return this.page.getByRole('group', { name: new RegExp(`^${name}`) });
  }

  scoreField(name: string): Locator {
    return this.criterion(name).getByRole('spinbutton', { name: this.t('pages.review-workspace.form.score-of') });
  }

  slider(name: string): Locator {
    return this.criterion(name).getByRole('slider');
  }

  saveState(): Locator {
    return this.page.getByTestId('review-save-state');
  }

  async expectSaved(): Promise<void> {
    await expect(this.saveState()).toHaveText(this.t('pages.review-workspace.save.saved'));
  }

  weightedScore(): Locator {
    return this.page.getByTestId('review-score');
  }

  async recommend(r: 'fund' | 'maybe' | 'do-not-fund'): Promise<void> {
    await this.page.getByRole('radio', { name: this.t(`pages.review-workspace.recommendation.${r}`), exact: true }).check();
  }

  commentForApplicant(): Locator {
    return this.page.getByRole('textbox', { name: this.t('pages.review-workspace.form.comment-applicant') });
  }

  submitButton(again = false): Locator {
    return this.page.getByRole('button', {
      name: this.t(again ? 'pages.review-workspace.form.submit-again' : 'pages.review-workspace.form.submit'),
    });
  }

  async submit(): Promise<void> {
    await this.submitButton().click();
    await expect(this.page.getByText(this.t('pages.review-workspace.form.submitted')).first()).toBeVisible();
    await expect(this.submitButton(true)).toBeVisible();
    await expect(this.form()).toContainText(this.t('pages.review-workspace.state.done'));
  }

  saveAndNextButton(): Locator {
    return this.page.getByRole('button', { name: this.t('pages.review-workspace.form.save-next') });
  }

  async declareConflict(reason: string): Promise<void> {
    await this.page.getByRole('button', { name: this.t('pages.review-workspace.form.conflict') }).click();
    const dialog = this.page.getByRole('dialog', { name: this.t('pages.review-workspace.conflict.title') });
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByRole('button', { name: this.t('pages.review-workspace.conflict.confirm') });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox', { name: new RegExp(`^${this.t('pages.review-workspace.conflict.reason')}`) }).fill(reason);
    await confirm.click();
    await expect(this.page.getByText(this.t('pages.review-workspace.conflict.declared')).first()).toBeVisible();
  }
}

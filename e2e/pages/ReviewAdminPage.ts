import { translate, type Language } from '@impact-calls/domain';
import { expect, type Locator, type Page } from '@playwright/test';

/** A catalog entry with `||||` plural forms: the singular or the plural one. */
export function plural(text: string, count: number): string {
  const forms = text.split(' |||| ');
  return forms.length > 1 && count !== 1 ? forms[1] : forms[0];
}

export interface PhaseInput {
  name: string;
  /** `datetime-local` values in the browser's time zone ("2026-03-01T09:30"). */
  startsAt: string;
  endsAt: string;
  mayScore: boolean;
  blind: boolean;
  mayDecide: boolean;
}

export interface CriterionInput {
  name: string;
  min: number;
  max: number;
  step: number;
  weight: number;
  guidance?: string;
}

/**
 * The console's review of a call (`/admin/calls/{callId}/review?tab=setup|reviewers|applications`):
 * its three tabs, the setup forms, the reviewers and the ranked applications with their bulk actions.
 */
export class ReviewAdminPage {
  readonly t: (key: string, vars?: Record<string, string | number>) => string;
  readonly panel: Locator;

  constructor(
    readonly page: Page,
    readonly language: Language = 'it',
  ) {
    this.t = (key, vars) => translate(language, key, vars);
    this.panel = page.getByRole('tabpanel');
  }

  heading(callName: string): Locator {
    return this.page.getByRole('heading', { level: 1, name: this.t('pages.admin.review.title', { name: callName }) });
  }

  tab(tab: 'setup' | 'reviewers' | 'applications'): Locator {
    return this.page.getByRole('tab', { name: this.t(`pages.admin.review.tab.${tab}`) });
  }

  async openTab(tab: 'setup' | 'reviewers' | 'applications'): Promise<void> {
    await this.tab(tab).click();
    await expect(this.tab(tab)).toHaveAttribute('aria-selected', 'true');
    await expect(this.page).toHaveURL(new RegExp(`[?&]tab=${tab}`));
  }

  /** The "Saved" notification of a setup section. */
  async expectSaved(): Promise<void> {
    await expect(this.page.getByText(this.t('pages.admin.review.setup.saved'), { exact: true }).first()).toBeVisible();
  }

  // Setup.

  async saveSettings(o: { reviewsPerApplication: number }): Promise<void> {
    const T = 'pages.admin.review.setup';
    await this.panel.getByRole('spinbutton', { name: this.t(`${T}.reviews-per-application`) }).fill(String(o.reviewsPerApplication));
    await this.panel.getByRole('button', { name: this.t(`${T}.save-settings`) }).click();
    await this.expectSaved();
  }

  /** Adds a phase (the first one when there is none yet) and saves the phases. */
  async addPhase(p: PhaseInput): Promise<void> {
    const T = 'pages.admin.review.setup';
    await this.panel.getByRole('button', { name: this.t(`${T}.add-phase`) }).click();
    const phase = this.panel.getByRole('region', { name: this.t(`${T}.phase-n`, { n: 1 }) });
    await phase.getByRole('textbox', { name: new RegExp(`^${this.t(`${T}.phase-name`)}`) }).fill(p.name);
    await phase.getByLabel(new RegExp(`^${this.t(`${T}.starts-at`)}`)).fill(p.startsAt);
    await phase.getByLabel(new RegExp(`^${this.t(`${T}.ends-at`)}`)).fill(p.endsAt);
    await phase.getByRole('checkbox', { name: this.t(`${T}.may-score`) }).setChecked(p.mayScore);
    await phase.getByRole('checkbox', { name: this.t(`${T}.blind`) }).setChecked(p.blind);
    await phase.getByRole('checkbox', { name: this.t(`${T}.may-decide`) }).setChecked(p.mayDecide);
    await this.panel.getByRole('button', { name: this.t(`${T}.save-phases`) }).click();
    await this.expectSaved();
    // The phase in force is marked as such once saved.
    await expect(
      this.panel.getByRole('heading', { name: `${this.t(`${T}.phase-n`, { n: 1 })} · ${this.t(`${T}.current-phase`)}` }),
    ).toBeVisible();
  }

  /** Adds the criteria (after any existing ones) and saves the rubric. */
  async addCriteria(criteria: CriterionInput[]): Promise<void> {
    const T = 'pages.admin.review.setup';
    for (const [i, c] of criteria.entries()) {
      await this.panel.getByRole('button', { name: this.t(`${T}.add-criterion`) }).click();
      const row = this.panel.getByRole('region', { name: this.t(`${T}.criterion-n`, { n: i + 1 }) });
      await row.getByRole('textbox', { name: new RegExp(`^${this.t(`${T}.criterion-name`)}`) }).fill(c.name);
      for (const field of ['min', 'max', 'step', 'weight'] as const)
        await row.getByRole('spinbutton', { name: new RegExp(`^${this.t(`${T}.${field}`)}`) }).fill(String(c[field]));
      if (c.guidance) await row.getByRole('textbox', { name: this.t(`${T}.guidance-${this.language}`) }).fill(c.guidance);
    }
    await this.panel.getByRole('button', { name: this.t(`${T}.save-rubric`) }).click();
    await this.expectSaved();
  }

  // Reviewers.

  async addReviewers(emails: string[]): Promise<void> {
    const T = 'pages.admin.review.reviewers';
    await this.panel.getByRole('textbox', { name: this.t(`${T}.emails`) }).fill(emails.join('\n'));
    await this.panel.getByRole('button', { name: this.t(`${T}.add`) }).click();
    await expect(this.page.getByText(plural(this.t(`${T}.added`, { smart_count: emails.length }), emails.length)).first()).toBeVisible();
    for (const email of emails) await expect(this.reviewerRow(email)).toBeVisible();
  }

  reviewerRow(email: string): Locator {
    return this.panel.getByRole('row').filter({ hasText: email.toLowerCase() });
  }

  // Applications.

  autoAssignButton(): Locator {
    return this.panel.getByRole('button', { name: this.t('pages.admin.review.applications.auto') });
  }

  /** The outcome of the last automatic assignment or release (a status line). */
  outcome(): Locator {
    return this.panel.getByRole('status').filter({ hasText: /./ }).first();
  }

  applicationRow(code: string): Locator {
    return this.panel.getByRole('row').filter({ has: this.page.getByRole('link', { name: code, exact: true }) });
  }

  async select(codes: string[]): Promise<void> {
    for (const code of codes)
      await this.panel.getByRole('checkbox', { name: this.t('pages.admin.review.applications.select-row', { code }) }).check();
    const n = codes.length;
    const selected = plural(this.t('pages.admin.review.applications.selected', { count: n, smart_count: n }), n);
    await expect(this.panel.getByRole('region', { name: this.t('pages.admin.review.applications.bulk-label') })).toContainText(selected);
  }

  /** Sets a decision for the selected applications through the bulk bar's dialog. */
  async decideSelected(decision: 'approved' | 'rejected' | 'shortlisted' | 'waiting-list', count: number): Promise<void> {
    const T = 'pages.admin.review.applications';
    await this.panel.getByRole('button', { name: this.t(`${T}.decide-button`) }).click();
    const dialog = this.page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('combobox', { name: this.t('pages.admin.review.decision.label') }).click();
    await this.page.getByRole('option', { name: this.t(`pages.admin.review.decision.${decision}`), exact: true }).click();
    await dialog.getByRole('button', { name: this.t('ra.action.save') }).click();
    await expect(dialog).toHaveCount(0);
    const decided = plural(this.t(`${T}.decided`, { count, smart_count: count }), count);
    await expect(this.page.getByText(decided).first()).toBeVisible();
  }

  releaseButton(pending: number): Locator {
    return this.panel.getByRole('button', { name: this.t('pages.admin.review.applications.release-button', { count: pending }) });
  }

  /** The decision chip's text of a row: "Approvata · non pubblicata". */
  decisionText(decision: string, released: boolean): string {
    return `${this.t(`pages.admin.review.decision.${decision}`)} · ${this.t(`pages.admin.review.decision.${released ? 'released' : 'pending'}`)}`;
  }
}

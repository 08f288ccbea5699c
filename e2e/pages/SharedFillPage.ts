import { translate, type Language } from '@impact-calls/domain';
import { expect, type Locator, type Page } from '@playwright/test';
import { FillPage } from './FillPage';

/** The fill screen as one of several members of an organization sees it: who else is here, and a save that came too late. */
export class SharedFillPage extends FillPage {
  readonly presence: Locator;
  readonly conflict: Locator;

  constructor(
    page: Page,
    readonly language: Language,
  ) {
    super(page);
    this.presence = page.getByTestId('presence');
    this.conflict = page.getByTestId('save-conflict');
  }

  t(key: string, vars?: Record<string, string | number>): string {
    return translate(this.language, key, vars);
  }

  /** The presence bar's chip of a member on a step (`<n>. <step name>`). */
  presentOn(name: string, step: string): Locator {
    return this.presence.getByText(this.t('presence.on-step', { name, step }), { exact: true });
  }

  /** The conflict notice's "changed by <member>" (the time after it moves on). */
  changedBy(member: string): string {
    const marker = '\u0001';
    return this.t('fill.conflict-by', { member, time: marker }).split(marker)[0].trim();
  }

  reloadButton(): Locator {
    return this.conflict.getByRole('button', { name: this.t('fill.reload'), exact: true });
  }

  keepMineButton(): Locator {
    return this.conflict.getByRole('button', { name: this.t('fill.keep-mine'), exact: true });
  }

  /** The text box of a survey question, by its title. */
  answer(question: string): Locator {
    return this.main.locator('.sd-question').filter({ hasText: question }).locator('input, textarea').first();
  }

  /** From /calls: the card of a call, "show more" until it is listed, then Resume. */
  async openFromCalls(callName: string): Promise<void> {
    const main = this.page.getByRole('main');
    const card = main.getByRole('article', { name: callName, exact: true });
    const more = main.getByRole('button', { name: this.t('pages.calls.show-more') });
    await expect(card.or(more).first()).toBeVisible();
    for (let i = 0; i < 100 && !(await card.isVisible()) && (await more.isVisible()); i++) {
      await more.click();
      await expect.poll(async () => (await more.count()) === 0 || (await more.isEnabled({ timeout: 500 }).catch(() => false))).toBe(true);
    }
    await card.getByRole('button', { name: this.t('pages.calls.actions.resume'), exact: true }).click();
    await expect(this.stepTitle).toBeVisible();
  }
}

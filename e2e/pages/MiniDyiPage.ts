import { expect, type Locator, type Page } from '@playwright/test';

/** The miniDyi (impact design) sub-steps inside the fill screen (`/call/:submissionId/step/N/S`). */
export class MiniDyiPage {
  readonly main: Locator;
  readonly subStepTitle: Locator;
  readonly budget: Locator;
  readonly budgetSpent: Locator;
  readonly sdgCount: Locator;
  readonly drawer: Locator;
  readonly sroiRatio: Locator;
  readonly sroiOver: Locator;
  readonly stakeholderError: Locator;
  readonly addCustomOutcome: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.subStepTitle = this.main.getByTestId('minidyi-substep-title');
    this.budget = this.main.getByTestId('minidyi-budget');
    this.budgetSpent = this.main.getByTestId('minidyi-budget-spent');
    this.sdgCount = this.main.getByTestId('sdg-count');
    this.drawer = page.getByTestId('outcome-drawer');
    this.sroiRatio = this.main.getByTestId('sroi-ratio');
    this.sroiOver = this.main.getByTestId('sroi-over');
    this.stakeholderError = this.main.getByTestId('error-stakeholders');
    this.addCustomOutcome = this.main.getByTestId('add-custom-outcome');
  }

  async expectSubStep(title: string): Promise<void> {
    await expect(this.subStepTitle).toHaveText(title);
  }

  /** The sidebar's entry of a sub-step (the visible sidebar: the panel on desktop, the accordion on a phone). */
  sidebarEntry(name: string): Locator {
    return this.main
      .getByRole('navigation', { name: /^(Passaggi|Steps|Étapes)$/ })
      .filter({ visible: true })
      .getByRole('button', { name, exact: true });
  }

  sdgTile(code: number): Locator {
    return this.main.getByTestId(`sdg-toggle-${code}`);
  }

  outcome(name: string): Locator {
    return this.main.getByRole('checkbox', { name, exact: true });
  }

  outcomeInfo(name: string): Locator {
    return this.main.getByRole('button', { name: `Indicators of “${name}”` });
  }

  /** The indicators card of a selected outcome. */
  outcomeCard(name: string) {
    const card = this.main.getByTestId('indicator-outcome-card').filter({ has: this.page.getByRole('heading', { name, exact: true }) });
    const page = this.page;
    return {
      card,
      indicators: card.getByTestId('indicator-card'),
      targets: card.getByTestId('indicator-target'),
      remove: card.getByRole('button', { name: `Remove “${name}”` }),
      async chooseStakeholder(stakeholder: string) {
        await card.getByRole('combobox', { name: /Stakeholder/ }).click();
        await page.getByRole('option', { name: stakeholder, exact: true }).click();
      },
      async tick(index: number, target: string) {
        await card.getByTestId('indicator-card').nth(index).getByRole('checkbox').check();
        await card.getByTestId('indicator-target').nth(index).fill(target);
      },
    };
  }

  customOutcome(index: number) {
    const card = this.main.getByTestId('custom-outcome-card').nth(index);
    const page = this.page;
    return {
      card,
      name: card.getByTestId('custom-outcome-name'),
      indicatorName: card.getByTestId('custom-indicator-name').first(),
      target: card.getByTestId('custom-indicator-target').first(),
      proxyValue: card.getByTestId('custom-indicator-proxy-value').first(),
      async chooseStakeholder(stakeholder: string) {
        await card.getByRole('combobox', { name: /Stakeholder/ }).click();
        await page.getByRole('option', { name: stakeholder, exact: true }).click();
      },
    };
  }
}

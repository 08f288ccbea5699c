import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { waitForAnimationsToFinish } from './support/animations';
import { E2E } from './support/env';
import type { TestUser } from './support/session';

export interface AxeOptions {
  /** CSS selectors to leave out (e.g. third-party widgets). */
  exclude?: string[];
  disableRules?: string[];
}

type AxeCheck = (options?: AxeOptions) => Promise<void>;

/**
 * Runs axe (WCAG 2.1 A/AA) on the page once its transitions have finished (axe judges the
 * colours on screen, not the ones a fade is heading to); fails on any serious or critical violation.
 */
export async function expectNoSeriousA11yViolations(page: Page, { exclude = [], disableRules = [] }: AxeOptions = {}): Promise<void> {
  await waitForAnimationsToFinish(page);
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  for (const selector of exclude) builder = builder.exclude(selector);
  if (disableRules.length) builder = builder.disableRules(disableRules);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}`).join('\n')}`)
    .join('\n');
  expect(serious, report).toEqual([]);
}

/** Puts a user's session in the browser (the cookies the apps read). */
export async function useSessionInBrowser(page: Page, user: TestUser): Promise<void> {
  await page.context().addCookies([{ name: 'ic_token', value: user.token, url: E2E.baseURL }]);
}

export const test = base.extend<{ axe: AxeCheck }>({
  // global-setup starts the product on a free port and passes its URL through the environment.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
  baseURL: async ({}, use) => {
    await use(E2E.baseURL);
  },
  axe: async ({ page }, use) => {
    await use((options) => expectNoSeriousA11yViolations(page, options));
  },
});

export { expect };

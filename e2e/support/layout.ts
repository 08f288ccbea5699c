import { expect, type Page } from '@playwright/test';

/** The page does not scroll sideways (tables scroll inside their own box); names the elements that stick out if it does. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const wider = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return undefined;
    // Likely culprits: elements sticking out whose parent does not, outside a scroller unless positioned out of it
    // (the fixed app bar follows the page's width: left out).
    const out = (e: Element | null) => !!e && e.getBoundingClientRect().right > width + 1;
    const scrolled = (e: Element) => {
      for (let p = e.parentElement; p; p = p.parentElement) if (getComputedStyle(p).overflowX !== 'visible') return true;
      return false;
    };
    const positioned = (e: Element) => ['absolute', 'fixed'].includes(getComputedStyle(e).position);
    return [
      `${location.pathname}${location.search}: ${document.documentElement.scrollWidth} px wide`,
      ...[...document.querySelectorAll('body *')]
        .filter((e) => out(e) && !e.closest('header') && (positioned(e) || !scrolled(e)))
        .slice(0, 30)
        .map(
          (e) =>
            `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} right=${Math.round(e.getBoundingClientRect().right)} ${getComputedStyle(e).position}`,
        ),
    ];
  });
  expect(wider, `the page scrolls sideways; sticking out:\n${(wider ?? []).join('\n')}`).toBeUndefined();
}

import type { Page } from '@playwright/test';

/**
 * Waits until no finite CSS animation or transition of the page is running (a dialog's or
 * snackbar's fade, a menu's grow, a button's colour change after a click). axe reads the
 * colours on screen: halfway through a fade, white text on a red button blends towards the
 * backdrop and fails color-contrast for a moment (the delete-organization dialog did, 4.35:1).
 * Endless animations (progress spinners, focus pulses) are left alone. Checks again after
 * each wait, since a finished transition may start the next one (React commits it a frame later).
 */
export async function waitForAnimationsToFinish(page: Page, timeoutMs = 10_000): Promise<void> {
  const stillRunning = await page.evaluate(async (timeout) => {
    const start = performance.now();
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));
    const describe = (a: Animation) => {
      const target = (a.effect as KeyframeEffect | null)?.target;
      const name = a instanceof CSSTransition ? a.transitionProperty : a instanceof CSSAnimation ? a.animationName : a.id;
      return `${name} on ${target ? `${target.tagName.toLowerCase()}.${[...target.classList].join('.')}` : '?'}`;
    };
    for (;;) {
      // Two frames: transitions that a state change schedules start on the next one.
      await frame();
      await frame();
      const running = document
        .getAnimations()
        .filter((a) => (a.playState === 'running' || a.pending) && Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
      if (running.length === 0) return [];
      const left = timeout - (performance.now() - start);
      if (left <= 0) return running.map(describe);
      // `finished` rejects when an animation is cancelled (e.g. its element is removed): that also ends it.
      await Promise.race([Promise.allSettled(running.map((a) => a.finished)), new Promise((r) => setTimeout(r, left))]);
    }
  }, timeoutMs);
  if (stillRunning.length) throw new Error(`Animations still running after ${timeoutMs} ms: ${stillRunning.join('; ')}`);
}

import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** WCAG 2.0 and 2.1, levels A and AA: the bar docs/accessibility.md sets. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const describe = (violation: Violation) =>
  [
    `${violation.impact ?? '?'} ${violation.id}: ${violation.help}`,
    ...violation.nodes.slice(0, 5).map((node) => `    at ${node.target.join(' ')} — ${node.failureSummary?.replaceAll('\n', ' ') ?? ''}`),
  ].join('\n');

/** Runs axe on the page as it is now (or the part `include` selects) and lists its serious and critical WCAG A/AA violations. */
export const seriousViolations = async (page: Page, include?: string) => {
  // Colours mid-transition (a dialog fading in over its backdrop) are not what a user reads: judge the settled page.
  // Spinners loop forever and are left out.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
      null,
      { timeout: 5000 },
    )
    .catch(() => undefined);
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? '')).map(describe);
};

/**
 * Fails (softly, so one run reports every screen) when axe finds a serious or critical violation on `screen`.
 * `include` narrows the check to a part (a dialog, the main area) where the rest was checked already.
 */
export const expectAccessible = async (page: Page, screen: string, include?: string) => {
  expect.soft(await seriousViolations(page, include), `axe on ${screen}`).toEqual([]);
};

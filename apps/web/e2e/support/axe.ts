import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { NodeResult } from 'axe-core';

/**
 * The page's serious and critical axe violations, one line each (rule, impact, the elements'
 * selectors), so that `expect(await seriousViolations(page)).toEqual([])` names what failed.
 * Waits first for the page's CSS transitions and animations to finish.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A dialog fading in has its colours blended with the page behind it; axe measuring contrast
  // mid-transition reports a violation that no user sees once it has settled.
  // Endless ones (a loader, a ringing pulse) never finish and are left out.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .filter((a) => a.effect?.getTiming().iterations !== Infinity)
      .every((a) => a.playState === 'finished' || a.playState === 'idle' || a.playState === 'paused'),
  );
  // Only violations are read: axe then keeps one node per passed, inapplicable or incomplete
  // rule instead of all of them (its `resultTypes` option; every rule still runs).
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map(describeNode).join(', ')}`);
}

/**
 * A node axe faulted: its selector and, for a contrast, the colours and ratio it measured (a
 * contrast seen once in a run, in a state that had passed, is found from these).
 */
function describeNode(node: NodeResult): string {
  const data = node.any[0]?.data as
    { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  const colours = data?.fgColor ? ` [${data.fgColor} on ${data.bgColor}, ${data.contrastRatio}:1]` : '';
  return `${node.target.join(' ')}${colours}`;
}

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The page's serious and critical axe violations, one line each (rule, impact, the elements'
 * selectors), so that `expect(await seriousViolations(page)).toEqual([])` names what failed.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

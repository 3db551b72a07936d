// The accessibility check every axe test uses: WCAG 2.1 A/AA and best practice, serious and critical only.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from './fixtures';

/** `include`: a CSS selector to check only that part (a dialog over the map, whose hundreds of markers make a full check slow). */
export async function seriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

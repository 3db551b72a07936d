// The accessibility checks the axe tests use: WCAG 2.2 A/AA (the 2.0 and 2.1 rules included).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from './fixtures';

/** The WCAG levels checked: 2.0, 2.1 and 2.2, A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe describes only what fails: the same violations, without building a selector and a summary for
 * each of the thousands of nodes that pass (the API docs page's check took 43 s of a CI run). */
const VIOLATIONS_ONLY = { resultTypes: ['violations' as const] };

/** axe run by axe.run() in the page itself. By default @axe-core/playwright runs axe in each frame and
 * merges the results in a blank page it opens for that: a new page per check, about 1.2 s of the 1.8 s
 * a check of a small page took. The app has no frames to gather from. */
const newBuilder = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true);

/** WCAG 2.2 A/AA and best practice, serious and critical only.
 * `include`: a CSS selector to check only that part (a dialog over the map, whose hundreds of markers make a full check slow). */
export async function seriousViolations(page: Page, include?: string) {
  const builder = newBuilder(page);
  if (include) builder.include(include);
  const results = await builder
    .withTags([...WCAG_TAGS, 'best-practice'])
    .options(VIOLATIONS_ONLY)
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Every WCAG 2.2 A/AA violation, whatever its impact, and the serious or critical best-practice
 * ones (seriousViolations' share: one axe run per page covers both). */
export async function wcagViolations(page: Page) {
  const results = await newBuilder(page)
    .withTags([...WCAG_TAGS, 'best-practice'])
    .options(VIOLATIONS_ONLY)
    .analyze();
  const wcag = (tags: string[]) => tags.some((tag) => WCAG_TAGS.includes(tag));
  return results.violations
    .filter((v) => wcag(v.tags) || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

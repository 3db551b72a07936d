// The one list of monument categories: the contract's, plus those the site profile
// adds. A correction with any other category is refused, so a typo never becomes a public filter.
import { MONUMENT_CATEGORIES } from '@linz/contract';
import { Invalid } from '../errors.js';

/** A category outside the list. */
export class UnknownCategory extends Invalid {
  override readonly code = 'UNKNOWN_CATEGORY';
  constructor(category: string) {
    super(`"${category}" is not a category: choose one of the list (a new one is added in the site profile).`);
  }
}

/** The categories staff choose from: the contract's first, then the site profile's own. */
export const categoriesOf = (profileCategories: readonly string[]): string[] => [
  ...new Set([...MONUMENT_CATEGORIES, ...profileCategories]),
];

export function refuseUnknownCategory(allowed: readonly string[], category: string): void {
  if (!allowed.includes(category)) throw new UnknownCategory(category);
}

// The popup's list scrolls within 150 px (spec). It ends where a row ends, so no row is cut in half
// at rest; the shadow at its foot says that more rows wait below.
import { useLayoutEffect, type RefObject } from 'react';

/** The spec's height of the popup's list (styles/popup.css says the same). */
export const LIST_MAX_PX = 150;

/** The list's height that ends at the last row ending within `max`, or null when every row fits
 * (or when the first row alone is taller: then it is cut at `max`). */
export function wholeRowsHeight(list: HTMLElement, max: number): number | null {
  if (list.scrollHeight <= max) return null;
  const top = list.getBoundingClientRect().top + list.clientTop - list.scrollTop;
  let fits: number | null = null;
  for (const row of list.children) {
    const bottom = row.getBoundingClientRect().bottom - top;
    if (bottom > max + 0.5) break;
    fits = bottom;
  }
  return fits === null ? null : Math.ceil(fits);
}

/** Keeps the list's height at whole rows while rows come, go and change size. */
export function useWholeRows(ref: RefObject<HTMLElement | null>, active: boolean) {
  useLayoutEffect(() => {
    const list = ref.current;
    if (!active || !list) return;
    const fit = () => {
      const height = wholeRowsHeight(list, LIST_MAX_PX);
      list.style.maxHeight = height === null ? '' : `${height}px`;
    };
    const sizes = new ResizeObserver(fit);
    const watch = () => {
      sizes.disconnect();
      for (const row of list.children) sizes.observe(row);
      fit();
    };
    const rows = new MutationObserver(watch);
    rows.observe(list, { childList: true });
    watch();
    return () => {
      sizes.disconnect();
      rows.disconnect();
    };
  }, [ref, active]);
}

// Targeted layout checks for a phone's screens (phone.spec, proposals, stats, shell): what
// sticks out of the window, and text that is cut instead of shown whole.
import type { Locator } from '@playwright/test';
import type { Page } from './fixtures';

/**
 * Elements whose box reaches beyond the window's left or right edge, as "tag.class: text". An
 * element inside a frame narrower than the window that scrolls or clips sideways (a wide table's
 * scroll region) is the frame's business: the frame itself is checked. The page's own scroller
 * is as wide as the window, so it hides nothing here.
 */
export function outsideWindow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const framed = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible' && up.getBoundingClientRect().width < width - 1) return true;
      }
      return false;
    };
    return [...document.body.querySelectorAll('*')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && (box.right > width + 0.5 || box.left < -0.5) && !framed(el);
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${(el.textContent ?? '').trim().slice(0, 40)}`);
  });
}

/**
 * Whether the element's text is shown whole: no wider than its box (text cut off, or ended by a
 * text-overflow ellipsis, is wider) and inside the window.
 */
export function shownWhole(element: Locator): Promise<{ text: string; whole: boolean }> {
  return element.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const inside = box.left >= 0 && box.right <= document.documentElement.clientWidth;
    return { text: el.textContent ?? '', whole: el.scrollWidth <= el.clientWidth && inside };
  });
}

// The WCAG 2.2 measurements the axe rules do not make whole: target size (2.5.8) over every
// interactive element, and focus not obscured (2.4.11) by a Tab walk. Each returns the failures,
// one line per element, naming it.
import type { Page } from './fixtures';

/** What a user can press (Leaflet's markers are images with role=button). A focusable region (the
 * map, a scrolling list) is not a target of its own. */
const INTERACTIVE =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="tab"], [role="menuitem"]';

/**
 * 2.5.8 Target Size (Minimum): every target has a 24 x 24 CSS px square that is its own (no other
 * target painted over it, sampled with elementFromPoint every 2 px), or, if smaller, a 24 px circle
 * around its centre meets no other target and no other undersized target's circle. Inline links in
 * a sentence are exempt (2.5.8's "inline" exception), as are targets not on screen (a marker outside
 * the map's box). Content outside the viewport is scrolled into view first.
 */
export async function targetSizeFailures(page: Page): Promise<{ checked: number; failures: string[] }> {
  return page.evaluate(async (selector) => {
    const STEP = 2;
    const MIN = 24;
    const nameOf = (el: Element) => {
      const text =
        el.getAttribute('aria-label') ??
        el.getAttribute('alt') ??
        el.getAttribute('title') ??
        (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const id = el.id ? `#${el.id}` : '';
      return `${el.tagName.toLowerCase()}${id}${el.classList[0] ? `.${el.classList[0]}` : ''} "${text}"`;
    };
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') return false;
      if (el.closest('[inert], [aria-hidden="true"], .page--leaving, .visually-hidden')) return false;
      // The content of a closed <details> is not drawn (the browser keeps its boxes).
      const details = el.closest('details:not([open])');
      if (details && el.closest('summary')?.parentElement !== details) return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    };
    /** A link inside running text: its size is the line's (2.5.8 exempts it). */
    const inline = (el: Element) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      const parent = el.parentElement;
      if (!parent) return false;
      const own = (el.textContent ?? '').trim().length;
      return (parent.textContent ?? '').trim().length > own;
    };
    /** The element's box as the user sees it: clipped by every scrolling or clipping ancestor. */
    const clipped = (el: Element) => {
      const r = el.getBoundingClientRect();
      let left = Math.max(r.left, 0);
      let top = Math.max(r.top, 0);
      let right = Math.min(r.right, innerWidth);
      let bottom = Math.min(r.bottom, innerHeight);
      for (let a = el.parentElement; a; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflow === 'visible' && s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const c = a.getBoundingClientRect();
        left = Math.max(left, c.left);
        top = Math.max(top, c.top);
        right = Math.min(right, c.right);
        bottom = Math.min(bottom, c.bottom);
        // A modal dialog is drawn above the page: the boxes it sits in do not clip it.
        if (a.matches('dialog:modal')) break;
      }
      return { left, top, right, bottom };
    };
    // An open modal dialog makes the rest of the page unreachable: only its own targets count (as in layout.ts).
    const root = document.querySelector('dialog:modal, [aria-modal="true"]') ?? document;
    const all = [...root.querySelectorAll(selector)].filter(visible);
    // A target inside another (an icon inside a link) is part of it.
    const targets = all.filter((el) => !all.some((o) => o !== el && o.contains(el)) && !inline(el));
    const isTarget = new Set(targets);
    const targetOf = (hit: Element | null) => {
      for (let e = hit; e; e = e.parentElement) if (isTarget.has(e)) return e;
      return null;
    };
    const inMap = (el: Element) => !!el.closest('.leaflet-container');
    /** A box in the page's own coordinates (what scrolled to measure it added back), so boxes
     * measured at different scroll positions compare. */
    const atPage = (el: Element, r: DOMRect) => {
      let x = r.left + scrollX;
      let y = r.top + scrollY;
      for (let a = el.parentElement; a; a = a.parentElement) {
        x += a.scrollLeft;
        y += a.scrollTop;
      }
      return new DOMRect(x, y, r.width, r.height);
    };
    /** The nearest box that scrolls or clips `el` (null: the page): targets in different ones move
     * past each other as one scrolls (a list under the fixed link row), so their distance in page
     * coordinates means nothing; the clipping edge keeps them apart. */
    const scroller = (el: Element) => {
      for (let a = el.parentElement; a; a = a.parentElement) {
        const st = getComputedStyle(a);
        if (!(st.overflow === 'visible' && st.overflowX === 'visible' && st.overflowY === 'visible')) return a;
      }
      return null;
    };
    const failures: string[] = [];
    let checked = 0;
    type Small = { el: Element; x: number; y: number };
    const small: Small[] = [];
    const boxes = new Map<Element, DOMRect>();
    for (const el of targets) {
      const full = el.getBoundingClientRect();
      let box = clipped(el);
      if (box.right - box.left < full.width - 1 || box.bottom - box.top < full.height - 1) {
        // Off screen: the map's markers stay where they are (the map does not scroll: a small map in a
        // long page is scrolled to as a whole), the rest is scrolled to.
        if (inMap(el)) {
          const map = el.closest('.leaflet-container');
          const m = map?.getBoundingClientRect();
          if (map && m && (m.top < 0 || m.bottom > innerHeight) && m.height < innerHeight) {
            map.scrollIntoView({ block: 'center', inline: 'nearest' });
            box = clipped(el);
          }
          // Still cut by the map's edge: a person pans to it (as they do to a marker wholly outside).
          // Which markers sit at the edge depends on what other tests added: judged are those in view.
          if (box.right - box.left < full.width - 1 || box.bottom - box.top < full.height - 1) continue;
        } else {
          el.scrollIntoView({ block: 'center', inline: 'nearest' });
          box = clipped(el);
        }
        // Not on screen at all (a skip link until it has focus).
        if (box.right - box.left < 1 || box.bottom - box.top < 1) continue;
      }
      checked++;
      const r = el.getBoundingClientRect();
      boxes.set(el, atPage(el, r));
      // Which sampled points hit this target: the largest square of them is its own area.
      const cols = Math.max(0, Math.floor((box.right - box.left) / STEP));
      const rows = Math.max(0, Math.floor((box.bottom - box.top) / STEP));
      let best = 0;
      let prev = new Array<number>(cols).fill(0);
      // Row by row until a square of MIN is found (most targets have one within their first rows).
      for (let j = 0; j < rows && best * STEP < MIN; j++) {
        const line = new Array<number>(cols).fill(0);
        for (let i = 0; i < cols; i++) {
          const hit = targetOf(document.elementFromPoint(box.left + STEP / 2 + i * STEP, box.top + STEP / 2 + j * STEP));
          if (hit !== el) continue;
          line[i] = 1 + Math.min(prev[i] ?? 0, line[i - 1] ?? 0, prev[i - 1] ?? 0);
          best = Math.max(best, line[i] ?? 0);
        }
        prev = line;
      }
      const own = best * STEP;
      if (own >= MIN) continue;
      // What covers it most (of the sampled points that are not its own).
      const others = new Map<Element, number>();
      for (let j = 0; j < rows; j++)
        for (let i = 0; i < cols; i++) {
          const hit = targetOf(document.elementFromPoint(box.left + STEP / 2 + i * STEP, box.top + STEP / 2 + j * STEP));
          if (hit && hit !== el) others.set(hit, (others.get(hit) ?? 0) + 1);
        }
      const coverer = [...others].sort((a, b) => b[1] - a[1])[0]?.[0];
      const covered = r.width >= MIN && r.height >= MIN;
      if (covered) {
        failures.push(
          `${nameOf(el)}: ${Math.round(r.width)}x${Math.round(r.height)} px, own part ${own} px square${coverer ? `, covered by ${nameOf(coverer)}` : ''}`,
        );
        continue;
      }
      const p = atPage(el, r);
      small.push({ el, x: p.left + p.width / 2, y: p.top + p.height / 2 });
    }
    // The spacing exception for undersized targets, against the other targets' boxes and circles.
    for (const s of small) {
      const r = boxes.get(s.el);
      if (!r) continue;
      let clash: string | null = null;
      for (const [other, o] of boxes) {
        if (other === s.el || scroller(other) !== scroller(s.el)) continue;
        const dx = Math.max(o.left - s.x, 0, s.x - o.right);
        const dy = Math.max(o.top - s.y, 0, s.y - o.bottom);
        if (Math.hypot(dx, dy) < MIN / 2 - 0.5) clash = nameOf(other);
      }
      for (const t of small) {
        if (t !== s && scroller(t.el) === scroller(s.el) && Math.hypot(t.x - s.x, t.y - s.y) < MIN - 0.5) clash = nameOf(t.el);
      }
      if (clash) failures.push(`${nameOf(s.el)}: ${Math.round(r.width)}x${Math.round(r.height)} px, too close to ${clash}`);
    }
    return { checked, failures };
  }, INTERACTIVE);
}

/**
 * 2.4.11 Focus Not Obscured (Minimum): Tab through the page (at most `max` stops, ending when focus
 * comes round again); after each, the element at the centre of the focused box's visible part
 * is the focused element or inside it. A failure names the element and what covers it.
 */
export async function focusWalkFailures(page: Page, max = 60): Promise<{ stops: number; failures: string[] }> {
  const failures: string[] = [];
  let stops = 0;
  await page.evaluate(() => {
    // The elements the walk has focused, by identity: look-alike fields (two unlabelled inputs at the
    // same place in their wrappers) are different stops; the walk ends when Tab comes back to one.
    (window as unknown as { focusWalkSeen: WeakSet<Element> }).focusWalkSeen = new WeakSet();
    // From the start of the page, wherever a click of the steps before left the browser's starting
    // point for Tab (a blur keeps it): a first element of the page takes the focus and is removed.
    const start = document.createElement('span');
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
    start.remove();
    window.scrollTo(0, 0);
  });
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    // What a user sees: after the page's reaction to the focus (two frames).
    const result = await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const describe = (e: Element) =>
        `${e.tagName.toLowerCase()}${e.classList[0] ? `.${e.classList[0]}` : ''} "${
          e.getAttribute('aria-label') ?? e.getAttribute('alt') ?? (e.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
        }"`;
      // A link broken over two lines: the centre of its largest part (the box's centre is between them).
      const r = [...el.getClientRects()].sort((a, b) => b.width * b.height - a.width * a.height)[0] ?? el.getBoundingClientRect();
      const seen = (window as unknown as { focusWalkSeen: WeakSet<Element> }).focusWalkSeen;
      if (seen.has(el)) return { again: true, problem: null };
      seen.add(el);
      if (r.width === 0 && r.height === 0) return { again: false, problem: null };
      // The part of the box inside the viewport (a scroll region can be taller than a phone's screen).
      const visible = (r: DOMRect) => ({
        left: Math.max(r.left, 0),
        top: Math.max(r.top, 0),
        right: Math.min(r.right, innerWidth),
        bottom: Math.min(r.bottom, innerHeight),
      });
      let { left, top, right, bottom } = visible(r);
      // A text field focused on a phone is scrolled to by the browser a while later (as the keyboard
      // would open): what the user sees is where that scroll ends, so it is waited for (30 frames at most).
      for (let frame = 0; frame < 30 && (right <= left || bottom <= top); frame++) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        ({ left, top, right, bottom } = visible(el.getBoundingClientRect()));
      }
      if (right <= left || bottom <= top) return { again: false, problem: `${describe(el)}: off screen` };
      const x = (left + right) / 2;
      const y = (top + bottom) / 2;
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === el || el.contains(hit))) return { again: false, problem: null };
      return { again: false, problem: `${describe(el)}: covered by ${hit ? describe(hit) : 'nothing'}` };
    });
    if (!result) continue;
    if (result.again) break;
    stops++;
    if (result.problem) failures.push(result.problem);
  }
  return { stops, failures };
}

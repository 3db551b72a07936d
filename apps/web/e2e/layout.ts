// What a person sees go wrong in a layout, measured in the browser: text cut off by a box that hides
// its overflow (an ellipsis included) or an empty field's example text cut at its edge, a word broken across lines, content wider than the screen,
// and a control another element covers. Each failure is one line naming the element and its text.
// Leaflet's tile and marker panes are left out: tiles and markers are meant to run past the map's
// edge and lie on one another (clusters and hideCovered deal with the markers).
import type { Page } from './fixtures';

export type LayoutFailures = { clipped: string[]; brokenWords: string[]; tooWide: string[]; covered: string[] };

/** Every layout failure on the page as it is now (controls below the fold are scrolled to). */
export async function layoutFailures(page: Page): Promise<LayoutFailures> {
  return page.evaluate(async () => {
    // Judged in the page's own font (styles/fonts.css), not in the fallback it shows while loading.
    await document.fonts.ready;
    const SKIP = '.leaflet-tile-pane, .leaflet-marker-pane, .leaflet-shadow-pane';
    const CONTROLS =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="tab"]';
    const text = (el: Element) => (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
    const selector = (el: Element) => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
        const cls = [...e.classList]
          .slice(0, 2)
          .map((c) => `.${c}`)
          .join('');
        parts.unshift(`${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${cls}`);
        if (e.id) break;
      }
      return parts.join(' > ');
    };
    const line = (el: Element, detail = text(el)) => `${selector(el)} "${detail}"`;
    /** Shown to a sighted user: rendered, not hidden, not in a page that is leaving, not a screen-reader-only text. */
    const shown = (el: Element) => {
      if (el.closest(`${SKIP}, [inert], .page--leaving, .visually-hidden, .skip-link`)) return false;
      // The content of a closed <details> is not drawn (the browser keeps its boxes).
      const details = el.closest('details:not([open])');
      if (details && el.closest('summary')?.parentElement !== details) return false;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) return false;
      // A 1 px box is the screen-reader-only pattern (a table's header row that a phone shows per row).
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1;
    };
    const hides = (v: string) => v === 'hidden' || v === 'clip';
    const all = [...document.body.querySelectorAll('*')].filter(shown);

    // Clipped: a box that hides its overflow (text-overflow: ellipsis needs that too) and holds more
    // than it shows; sideways, a scrolling box too (text to be read by scrolling sideways, a popup's
    // cut-off line), unless it holds a table (a wide table scrolling in its box is the known pattern).
    const clipped: string[] = [];
    for (const el of all) {
      if (!text(el) || el.matches('.leaflet-container, .leaflet-pane, .leaflet-map-pane')) continue;
      const s = getComputedStyle(el);
      const sideways = hides(s.overflowX) || ((s.overflowX === 'auto' || s.overflowX === 'scroll') && !el.querySelector('table'));
      const wide = sideways && el.scrollWidth > el.clientWidth + 1;
      const tall = hides(s.overflowY) && el.scrollHeight > el.clientHeight + 1;
      if (wide || tall) clipped.push(line(el));
    }
    // An empty field's example text (its placeholder) cut at the field's edge: measured in the field's font.
    const measure = document.createElement('canvas').getContext('2d');
    for (const el of all) {
      // (A text area wraps its example text.)
      if (!(el instanceof HTMLInputElement) || el.value || !el.placeholder || !measure) continue;
      const s = getComputedStyle(el);
      measure.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
      const room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
      if (measure.measureText(el.placeholder).width > room + 1) clipped.push(line(el, el.placeholder));
    }

    // Broken words: a word of a text node broken between two of its letters (breaks after a hyphen, a slash or other punctuation are fine).
    const brokenWords: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || !shown(parent)) continue;
      for (const match of node.textContent.matchAll(/[^\s\-‐–—/]+[-‐–—/]?/g)) {
        if (match[0].length < 2) continue;
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const boxes = [...range.getClientRects()].filter((r) => r.width > 0);
        const tops = new Set(boxes.map((r) => Math.round(r.top)));
        if (tops.size < 2) continue;
        // Where the line breaks: between a letter or digit and the next one is inside a word ("Denkm|al");
        // beside punctuation ("</|script>") is a break the line-breaking rules allow.
        const text = node.textContent;
        const top = (i: number) => {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          return Math.round(range.getBoundingClientRect().top);
        };
        let inside = false;
        for (let i = match.index + 1; i < match.index + match[0].length && !inside; i++) {
          inside = /[\p{L}\p{N}]/u.test(text[i - 1]!) && /[\p{L}\p{N}]/u.test(text[i]!) && top(i) !== top(i - 1);
        }
        if (!inside) continue;
        // A run without spaces longer than its line (a link, a code) can only be broken.
        const from = text.slice(0, match.index).search(/\S*$/);
        const to = match.index + match[0].length + (text.slice(match.index + match[0].length).match(/^\S*/)?.[0].length ?? 0);
        range.setStart(node, from);
        range.setEnd(node, to);
        const run = [...range.getClientRects()].reduce((sum, r) => sum + r.width, 0);
        const box = parent.closest('li, p, dd, dt, td, th, h1, h2, h3, h4, div') ?? parent;
        const pad = getComputedStyle(box);
        const room = box.clientWidth - parseFloat(pad.paddingLeft) - parseFloat(pad.paddingRight);
        if (run <= room) brokenWords.push(line(parent, match[0]));
      }
    }

    // Too wide: the document scrolls sideways, or an element reaches past the screen's right edge
    // unclipped (one that a scrolling or clipping box holds is that box's affair; only the outermost is named).
    const tooWide: string[] = [];
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth > width)
      tooWide.push(`document: ${document.documentElement.scrollWidth} px wide on a ${width} px screen`);
    const pastEdge = (el: Element) => {
      if (el.getBoundingClientRect().right <= width + 1) return false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== 'visible') return false;
      return true;
    };
    for (const el of all)
      if (pastEdge(el) && !(el.parentElement && pastEdge(el.parentElement)))
        tooWide.push(line(el, `${text(el)}" right edge at ${Math.round(el.getBoundingClientRect().right)} px of ${width}`));

    // Covered: the point at a control's centre (the control scrolled to the middle of the screen) belongs to the control.
    const covered: string[] = [];
    const start = { x: window.scrollX, y: window.scrollY };
    // An open modal dialog makes the rest of the page unreachable: only its own controls count.
    const modal = document.querySelector('dialog:modal, [aria-modal="true"]') ?? document.body;
    for (const el of [...modal.querySelectorAll(CONTROLS)].filter(shown)) {
      // Inside the map only the popup's own scrolling box is scrolled: scrolling the map's
      // overflow-hidden box would move its panes.
      const popup = el.closest('.leaflet-popup-content');
      if (popup) {
        // Each scrolling box from the control out to the popup's own (the proposals' 150 px list first).
        for (let box = el.parentElement; box && popup.contains(box); box = box.parentElement) {
          if (box !== popup && !/auto|scroll/.test(getComputedStyle(box).overflowY)) continue;
          const [r, p] = [el.getBoundingClientRect(), box.getBoundingClientRect()];
          box.scrollTop += r.top + r.height / 2 - (p.top + p.height / 2);
        }
      } else {
        // A control of a map is reached by scrolling to the map as a whole (a small map in a long page,
        // the desk's); scrolling the control itself would move the map's overflow-hidden panes.
        const map = el.closest('.leaflet-container');
        (map ?? el).scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      }
      // A link wrapped over two lines: the centre of its first line box, not of the box around both.
      const r = el.getClientRects()[0] ?? el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x >= width || y >= window.innerHeight) continue; // inside a box scrolled elsewhere
      const hit = document.elementFromPoint(x, y);
      if (!hit || hit === el || el.contains(hit)) continue;
      // An input drawn by its own label (a styled checkbox): the label is the control the user presses.
      const label = hit.closest('label');
      if (label && 'labels' in el && [...((el as HTMLInputElement).labels ?? [])].includes(label)) continue;
      covered.push(`${line(el)} under ${line(hit)}`);
    }
    window.scrollTo({ left: start.x, top: start.y, behavior: 'instant' });
    return { clipped, brokenWords, tooWide, covered };
  });
}

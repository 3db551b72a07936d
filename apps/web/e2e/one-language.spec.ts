// One language per page: every visible text of each page (and the names that screen readers read:
// aria-label, title, placeholder, alt) in German holds no English UI word, and the other way round.
// Data aside: what the page marks as another language (lang="…"), and web addresses.
import { expect, mapReady, popupSettled, test, type Api, type Page } from './fixtures';

const MONUMENT = 'mon-dreifaltigkeitssaeule';

/** UI words of the other language; none of them is a word of the seed's or the specs' data. */
const ENGLISH =
  /(?<![\p{L}])(Close|popup|Choose|File|Please|Loading|Zoom|approximate|via|mirror|Search|Vote|Show|Back|Help|Privacy|Statistics|Proposals|Confirm|Follow|Report|Share|the|and|your|Submit|Cancel|square-level)(?![\p{L}])/u;
const GERMAN =
  /(?<![\p{L}])(Schließen|Zurück|Abstimmen|Vorschläge|Bitte|Karte|Suche|Hilfe|Standort|Angaben|Quellen|Melden|bestätigen|Bestätigen|werden|nicht|oder|noch|Sprache|auswählen|Datei|ungefähr|genau)(?![\p{L}])/u;

const PAGES: { path: string; ready: (page: Page) => Promise<void> }[] = [
  { path: '/', ready: (page) => mapReady(page) },
  {
    path: `/?monument=${MONUMENT}`,
    ready: async (page) => {
      await mapReady(page);
      await popupSettled(page);
      await expect(page.locator('.leaflet-popup').getByRole('textbox')).toBeVisible();
    },
  },
  ...[
    '/add',
    '/monuments',
    `/monuments/${MONUMENT}`,
    '/interventions',
    '/mine',
    '/stats',
    '/about',
    '/impressum',
    '/datenschutz',
    '/barrierefreiheit',
  ].map((path) => ({
    path,
    ready: async (page: Page) => {
      await expect(page.locator('.page')).toHaveCount(1);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('[aria-busy="true"], .monument-popup__loading')).toHaveCount(0);
    },
  })),
];

/** Every text a visitor sees or hears on the page, but for parts in another language and addresses. */
function visibleTexts(page: Page) {
  return page.evaluate(() => {
    const lang = document.documentElement.lang;
    const out: string[] = [];
    const foreign = (el: Element) => {
      const marked = el.closest('[lang]');
      return (
        (marked && marked !== document.documentElement && marked.getAttribute('lang') !== lang) || !!el.closest('a[href^="http"]')
      );
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || foreign(el) || el.closest('script, style, [hidden], [aria-hidden="true"]')) continue;
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
      const text = node.textContent?.trim();
      if (text) out.push(text);
    }
    for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
      if (foreign(el) || !(el as HTMLElement).checkVisibility?.({ visibilityProperty: true })) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
    }
    return out;
  });
}

/** Names visitors wrote: every proposal's and every unvalidated monument's. */
async function visitorsWords(api: Api): Promise<string[]> {
  const monuments = await api.monuments();
  const proposals = (await Promise.all(monuments.filter((m) => m.proposals > 0).map((m) => api.proposals(m.id)))).flat();
  return [...monuments.filter((m) => !m.validated).map((m) => m.name), ...proposals.map((p) => p.name)];
}

for (const [lang, words] of [
  ['de', ENGLISH],
  ['en', GERMAN],
] as const) {
  test.describe(`in ${lang === 'de' ? 'German' : 'English'}`, () => {
    test.use({ lang });
    for (const { path, ready } of PAGES) {
      test(`${path}: no UI word of the other language`, async ({ page, api }) => {
        await page.goto(path);
        await ready(page);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        const texts = await visibleTexts(page);
        expect(texts.length).toBeGreaterThan(5);
        // What visitors wrote (other specs' proposals and monuments, in either language) is data.
        const written = await visitorsWords(api);
        expect(texts.filter((text) => words.test(text) && !written.some((w) => text.includes(w)))).toEqual([]);
      });
    }
  });
}

// A monument's source text as the seed writes it, in English for the project's editors ("Facts: <url>
// (mirror of de.wikipedia '…', CC BY-SA) | Coordinates (approximate, square-level (~30 m)): Linz OGD
// … read via github.com/…"), read into the facts a visitor can be told in either language: the
// addresses, what a page mirrors, the licences, the named sources and how exact a position is.

export type SourcePart = {
  label: 'facts' | 'coordinates' | null;
  /** The http(s) addresses, as written. */
  urls: string[];
  /** "mirror of de.wikipedia": the original's name. */
  mirrorOf: string | null;
  /** "CC BY-SA", "CC BY 4.0". */
  licences: string[];
  /** Sources named without an address (Wikipedia, LinzWiki, the city's open data). */
  named: string[];
  /** "~30 m": how close the position is, in metres. */
  metres: number | null;
  /** "approximate" (without a figure, or with one). */
  approximate: boolean;
};

const PART = /^(Facts|Coordinates)\b([^:]*):\s*(.*)$/s;
const URL = /https?:\/\/[^\s)]+/g;
const LICENCE = /CC BY(?:-SA)?(?: \d\.\d)?/g;
const NAMED: [RegExp, string][] = [
  [/data\.linz\.gv\.at|Linz OGD/, 'data.linz.gv.at'],
  [/LinzWiki/, 'LinzWiki'],
  [/Wikipedia|wiki\b/, 'Wikipedia'],
  [/geocache/i, 'Geocaching'],
];

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}

export function readSourcePart(text: string): SourcePart {
  const match = PART.exec(text);
  const label = match ? (match[1] === 'Facts' ? 'facts' : 'coordinates') : null;
  const qualifier = match?.[2] ?? '';
  const body = match?.[3] ?? text;
  const urls = unique(body.match(URL) ?? []);
  const mirror = /mirror of ([\w.-]+)/.exec(body);
  const metres = /~\s*(\d+)\s*m\b/.exec(qualifier);
  const withoutUrls = body.replace(URL, '');
  return {
    label,
    urls,
    mirrorOf: mirror?.[1] ?? null,
    licences: unique(body.match(LICENCE) ?? []),
    // A named source counts only where no address says it already (a mirror's page names Wikipedia).
    named: urls.length > 0 ? [] : unique(NAMED.filter(([re]) => re.test(`${qualifier} ${withoutUrls}`)).map(([, name]) => name)),
    metres: metres ? Number(metres[1]) : null,
    approximate: /approximate/.test(qualifier),
  };
}

/** The parts of a monument's source text, in order. */
export function readSource(source: string | null): SourcePart[] {
  return (source ?? '')
    .split(' | ')
    .map((p) => p.trim())
    .filter(Boolean)
    .map(readSourcePart);
}

/** An address as people read it: "öffentlichen" rather than "%C3%B6ffentlichen" (a link keeps the address as it is). */
export function readableUrl(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

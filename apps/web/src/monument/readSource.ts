// A monument's source text as the seed writes it, in English for the project's editors ("Facts: <url>
// (mirror of de.wikipedia '…', CC BY-SA) | Coordinates (approximate, square-level (~30 m)): <city> OGD
// … (CC BY 4.0, data.<city>.gv.at …; read via github.com/…)"), read into the facts a visitor can be told in either language: the
// addresses, what a page mirrors, the licences, the named sources and how exact a position is.

export type SourcePart = {
  label: 'facts' | 'coordinates' | null;
  /** The http(s) addresses, as written. */
  urls: string[];
  /** "mirror of de.wikipedia": the original's name. */
  mirrorOf: string | null;
  /** "CC BY-SA", "CC BY 4.0". */
  licences: string[];
  /** Sources named without an address (Wikipedia, a city's wiki, a city's open-data portal). */
  named: string[];
  /** "~30 m": how close the position is, in metres. */
  metres: number | null;
  /** "approximate" (without a figure, or with one). */
  approximate: boolean;
};

const PART = /^(Facts|Coordinates)\b([^:]*):\s*(.*)$/s;
const URL = /https?:\/\/[^\s)]+/g;
const LICENCE = /CC BY(?:-SA)?(?: \d\.\d)?/g;
/** A named source and the name it is shown under: a fixed one, or (null) the words that matched. */
const NAMED: [RegExp, string | null][] = [
  // An open-data portal by its host, as a city's data names it ("data.wien.gv.at", "daten.berlin.de").
  [/\b(?:data|daten|opendata)\.(?:[a-z0-9-]+\.)+[a-z]{2,}\b/, null],
  // A city's own wiki, one word ("GrazWiki").
  [/\b\p{Lu}\p{Ll}+Wiki\b/u, null],
  [/Wikipedia|wiki\b/, 'Wikipedia'],
  [/geocache/i, 'Geocaching'],
];

function namedIn(text: string): string[] {
  return NAMED.flatMap(([re, name]) => {
    const match = re.exec(text);
    return match ? [name ?? match[0]] : [];
  });
}

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
    named: urls.length > 0 ? [] : unique(namedIn(`${qualifier} ${withoutUrls}`)),
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

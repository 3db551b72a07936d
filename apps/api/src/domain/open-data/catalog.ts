// The open data as a DCAT-AP catalogue in JSON-LD: the fields DCAT-AP.AT 2.x asks for, so a portal
// such as data.gv.at can harvest what this site publishes. One catalogue, a dataset per kind of data
// (the commemorations, the proposals, the city's answers, the figures), a distribution per export.
// The context is inline (no document to fetch), so a reader needs no network.
import { EXPORT_TYPES, PATHS, type SiteProfile } from '@linz/contract';
import type { City } from '../../city/profile.js';

/** The licence of everything this site publishes (the exports' `Link: rel="license"` header names it too). */
export const OPEN_DATA_LICENCE_URL = 'https://creativecommons.org/licenses/by/4.0/';

const EU = 'http://publications.europa.eu/resource/authority';

const CONTEXT = {
  dcat: 'http://www.w3.org/ns/dcat#',
  dct: 'http://purl.org/dc/terms/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  vcard: 'http://www.w3.org/2006/vcard/ns#',
  accessURL: { '@id': 'dcat:accessURL', '@type': '@id' },
  downloadURL: { '@id': 'dcat:downloadURL', '@type': '@id' },
  license: { '@id': 'dct:license', '@type': '@id' },
  format: { '@id': 'dct:format', '@type': '@id' },
  theme: { '@id': 'dcat:theme', '@type': '@id' },
  language: { '@id': 'dct:language', '@type': '@id' },
  accrualPeriodicity: { '@id': 'dct:accrualPeriodicity', '@type': '@id' },
  landingPage: { '@id': 'dcat:landingPage', '@type': '@id' },
  homepage: { '@id': 'foaf:homepage', '@type': '@id' },
  hasEmail: { '@id': 'vcard:hasEmail', '@type': '@id' },
  dataset: { '@id': 'dcat:dataset', '@type': '@id', '@container': '@set' },
  distribution: { '@id': 'dcat:distribution', '@type': '@id', '@container': '@set' },
  publisher: { '@id': 'dct:publisher', '@type': '@id' },
  contactPoint: { '@id': 'dcat:contactPoint', '@type': '@id' },
  title: { '@id': 'dct:title', '@container': '@language' },
  description: { '@id': 'dct:description', '@container': '@language' },
  keyword: { '@id': 'dcat:keyword', '@container': '@language' },
  mediaType: 'dcat:mediaType',
  name: 'foaf:name',
  fn: 'vcard:fn',
};

type InTwo = { de: string; en: string };
type Export = { path: string; type: string; format: 'GEOJSON' | 'CSV' | 'ATOM' | 'JSON'; title: InTwo };
type Dataset = {
  key: string;
  title: InTwo;
  description: InTwo;
  keyword: { de: string[]; en: string[] };
  theme: string[];
  exports: Export[];
};

/** What this site publishes, in both languages ({city}: the city's name in that language). */
const DATASETS: Dataset[] = [
  {
    key: 'commemorations',
    title: {
      de: 'Denkmäler und nach Personen benannte Straßen in {city}',
      en: 'Monuments and streets named after people in {city}',
    },
    description: {
      de: 'Denkmäler, Büsten, Gedenktafeln und nach Personen benannte Straßen mit Ort, Art, wen sie ehren, Quelle und Herkunft des Orts.',
      en: 'Monuments, busts, plaques and streets named after people, with place, kind, whom they honour, source and where the place comes from.',
    },
    keyword: {
      de: ['Denkmal', 'Erinnerungskultur', 'Straßennamen', 'Gleichstellung'],
      en: ['monument', 'remembrance', 'street names', 'gender equality'],
    },
    theme: ['EDUC', 'SOCI'],
    exports: [
      { path: PATHS.monumentsGeojson, type: EXPORT_TYPES.geojson, format: 'GEOJSON', title: { de: 'GeoJSON', en: 'GeoJSON' } },
      { path: PATHS.monumentsCsv, type: EXPORT_TYPES.csv, format: 'CSV', title: { de: 'CSV', en: 'CSV' } },
    ],
  },
  {
    key: 'proposals',
    title: { de: 'Vorschläge der Bürgerinnen und Bürger in {city}', en: "Citizens' proposals in {city}" },
    description: {
      de: 'Was an einem Denkmal oder einer Straße stattdessen stehen sollte: die öffentlichen Vorschläge, ihre Stimmen, ihr Status und die Antwort der Stadt.',
      en: 'What should stand at a monument or a street instead: the public proposals, their votes, their status and the city’s answer.',
    },
    keyword: { de: ['Bürgerbeteiligung', 'Vorschlag'], en: ['participation', 'proposal'] },
    theme: ['GOVE', 'SOCI'],
    exports: [
      { path: PATHS.proposalsCsv, type: EXPORT_TYPES.csv, format: 'CSV', title: { de: 'CSV', en: 'CSV' } },
      {
        path: PATHS.feedProposals,
        type: EXPORT_TYPES.atom,
        format: 'ATOM',
        title: { de: 'Atom-Feed der neuesten Vorschläge', en: 'Atom feed of the newest proposals' },
      },
    ],
  },
  {
    key: 'answers',
    title: { de: 'Antworten der Stadt {city} auf Vorschläge', en: 'The answers of the city of {city} to proposals' },
    description: {
      de: 'Vorschläge, die genug Stimmen erreicht haben, und jeder Schritt ihres Status mit der Stellungnahme der Stadt.',
      en: 'Proposals that reached enough votes, and each step of their status with the city’s statement.',
    },
    keyword: { de: ['Bürgerbeteiligung', 'Stellungnahme'], en: ['participation', 'statement'] },
    theme: ['GOVE'],
    exports: [{ path: PATHS.feedAnswers, type: EXPORT_TYPES.atom, format: 'ATOM', title: { de: 'Atom-Feed', en: 'Atom feed' } }],
  },
  {
    key: 'figures',
    title: { de: 'Wen {city} ehrt: die Zahlen', en: 'Whom {city} honours: the figures' },
    description: {
      de: 'Denkmäler und Straßen nach Art und geehrten Personen, wie viele davon verortet sind, und die Beteiligung pro Woche.',
      en: 'Monuments and streets by kind and by whom they honour, how many of them are placed, and participation per week.',
    },
    keyword: { de: ['Statistik', 'Gleichstellung'], en: ['statistics', 'gender equality'] },
    theme: ['SOCI'],
    exports: [{ path: PATHS.stats, type: 'application/json', format: 'JSON', title: { de: 'JSON', en: 'JSON' } }],
  },
];

const filled = (text: InTwo, city: City): InTwo => ({
  de: text.de.replaceAll('{city}', city.name.de),
  en: text.en.replaceAll('{city}', city.name.en),
});

/** The catalogue as JSON-LD, for this site's public address. */
export function dcatCatalogue(publicUrl: string, city: City, site: SiteProfile): object {
  const catalogue = `${publicUrl}${PATHS.openDataCatalog}`;
  const publisher = { '@id': `${catalogue}#publisher`, '@type': 'foaf:Agent', name: city.openData.publisher };
  const contact = {
    '@id': `${catalogue}#contact`,
    '@type': 'vcard:Organization',
    fn: site.operator.name,
    hasEmail: `mailto:${site.operator.email}`,
  };
  const common = {
    publisher: publisher['@id'],
    contactPoint: contact['@id'],
    language: [`${EU}/language/DEU`, `${EU}/language/ENG`],
    accrualPeriodicity: `${EU}/frequency/CONT`,
    landingPage: publicUrl,
  };
  const datasets = DATASETS.map((d) => ({
    '@id': `${catalogue}#${d.key}`,
    '@type': 'dcat:Dataset',
    title: filled(d.title, city),
    description: filled(d.description, city),
    keyword: d.keyword,
    theme: d.theme.map((t) => `${EU}/data-theme/${t}`),
    ...common,
    distribution: d.exports.map((e) => ({
      '@id': `${catalogue}#${d.key}-${e.format.toLowerCase()}-${e.path.split('/').pop()}`,
      '@type': 'dcat:Distribution',
      title: e.title,
      accessURL: `${publicUrl}${e.path}`,
      downloadURL: `${publicUrl}${e.path}`,
      mediaType: e.type.split(';')[0],
      format: `${EU}/file-type/${e.format}`,
      license: OPEN_DATA_LICENCE_URL,
    })),
  }));
  return {
    '@context': CONTEXT,
    '@graph': [
      {
        '@id': catalogue,
        '@type': 'dcat:Catalog',
        title: { de: `${city.productName}: offene Daten`, en: `${city.productName}: open data` },
        description: {
          de: `Was ${city.productName} veröffentlicht, unter ${city.openData.licence}.`,
          en: `What ${city.productName} publishes, under ${city.openData.licence}.`,
        },
        homepage: publicUrl,
        license: OPEN_DATA_LICENCE_URL,
        ...common,
        dataset: datasets.map((d) => d['@id']),
      },
      publisher,
      contact,
      ...datasets,
    ],
  };
}

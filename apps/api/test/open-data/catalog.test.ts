// The DCAT-AP catalogue of the open data, read by a real JSON-LD processor (jsonld.js) into RDF
// triples: the catalogue, its datasets and distributions carry the fields DCAT-AP.AT asks for, and
// every distribution's address answers with the media type it names. No document is fetched.
import { EXPORT_TYPES, routes } from '@linz/contract';
import jsonld from 'jsonld';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, testApp } from '../support/harness.js';

const PUBLIC = 'https://denkmal.linz.example';
const DCAT = 'http://www.w3.org/ns/dcat#';
const DCT = 'http://purl.org/dc/terms/';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';

type Quad = { subject: { value: string }; predicate: { value: string }; object: { value: string; language?: string } };

let t: Awaited<ReturnType<typeof testApp>>;
let quads: Quad[];
let res: Awaited<ReturnType<typeof t.app.inject>>;
beforeAll(async () => {
  t = await testApp({ PUBLIC_URL: PUBLIC });
  res = await t.app.inject({ url: routes.openDataCatalog.path });
  // Any remote context would be a network fetch: refused, so the catalogue must carry its own.
  const documentLoader = (url: string) => Promise.reject(new Error(`no fetch of ${url}`));
  const toRdf = jsonld.toRDF as (doc: object, options: { documentLoader: typeof documentLoader }) => Promise<unknown>;
  quads = (await toRdf(JSON.parse(res.body) as object, { documentLoader })) as Quad[];
});
afterAll(() => t.close());

const objects = (subject: string, predicate: string) =>
  quads.filter((q) => q.subject.value === subject && q.predicate.value === predicate).map((q) => q.object);
const ofType = (type: string) =>
  quads.filter((q) => q.predicate.value === RDF_TYPE && q.object.value === type).map((q) => q.subject.value);

describe(`DCAT-AP catalogue on ${DB_KIND}`, () => {
  it('is JSON-LD with the licence header, an ETag and open to any site', () => {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(EXPORT_TYPES.jsonld);
    expect(res.headers.link).toMatch(/creativecommons\.org\/licenses\/by\/4\.0\/>; rel="license"/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers.etag).toBeTruthy();
  });

  it('describes one catalogue and its datasets, each titled in German and English, with publisher, contact, theme and language', () => {
    const [catalogue, ...more] = ofType(`${DCAT}Catalog`);
    expect(more).toEqual([]);
    expect(catalogue).toBe(`${PUBLIC}${routes.openDataCatalog.path}`);
    const datasets = ofType(`${DCAT}Dataset`);
    expect(datasets.length).toBe(4);
    expect(
      objects(catalogue!, `${DCAT}dataset`)
        .map((o) => o.value)
        .sort(),
    ).toEqual([...datasets].sort());
    for (const d of datasets) {
      expect(
        objects(d, `${DCT}title`)
          .map((o) => o.language)
          .sort(),
      ).toEqual(['de', 'en']);
      expect(
        objects(d, `${DCT}description`)
          .map((o) => o.language)
          .sort(),
      ).toEqual(['de', 'en']);
      expect(objects(d, `${DCAT}keyword`).length).toBeGreaterThan(1);
      for (const theme of objects(d, `${DCAT}theme`))
        expect(theme.value).toMatch(/^http:\/\/publications\.europa\.eu\/resource\/authority\/data-theme\/[A-Z]{4}$/);
      expect(objects(d, `${DCT}language`).map((o) => o.value)).toContain(
        'http://publications.europa.eu/resource/authority/language/DEU',
      );
      const [publisher] = objects(d, `${DCT}publisher`);
      expect(objects(publisher!.value, 'http://xmlns.com/foaf/0.1/name')[0]?.value).toBe(t.config.city.openData.publisher);
      const [contact] = objects(d, `${DCAT}contactPoint`);
      expect(objects(contact!.value, 'http://www.w3.org/2006/vcard/ns#hasEmail')[0]?.value).toBe(
        `mailto:${t.config.site.operator.email}`,
      );
    }
    const titles = datasets.flatMap((d) => objects(d, `${DCT}title`)).map((o) => o.value);
    expect(titles).toContain('Denkmäler und nach Personen benannte Straßen in Linz');
    expect(titles).toContain('Monuments and streets named after people in Linz');
  });

  it('gives each distribution an address on this site that answers with its media type, and the licence', async () => {
    const distributions = ofType(`${DCAT}Distribution`);
    expect(distributions.length).toBe(6);
    for (const dist of distributions) {
      const [url] = objects(dist, `${DCAT}accessURL`);
      const [type] = objects(dist, `${DCAT}mediaType`);
      expect(objects(dist, `${DCT}license`)[0]?.value).toBe('https://creativecommons.org/licenses/by/4.0/');
      expect(objects(dist, `${DCT}format`)[0]?.value).toMatch(
        /^http:\/\/publications\.europa\.eu\/resource\/authority\/file-type\/[A-Z]+$/,
      );
      expect(url?.value.startsWith(`${PUBLIC}/api/`)).toBe(true);
      const answer = await t.app.inject({ url: url!.value.slice(PUBLIC.length) });
      expect(answer.statusCode, url?.value).toBe(200);
      expect(String(answer.headers['content-type']).split(';')[0]).toBe(type?.value);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { readableUrl, readSource } from './readSource';

describe('readSource', () => {
  it('reads the facts and a position "read via" a repository into what a visitor can be told', () => {
    const [facts, place] = readSource(
      "Facts: https://www.linz.at/archiv/denkmal/Default.asp?action=denkmaldetail&id=1394 | Coordinates (approximate, square-level (~30 m)): Linz OGD 'Hotspot-Standorte' (CC BY 4.0, data.linz.gv.at Hotspot_Geodaten_2022.csv; read via github.com/x/y:opendata-linz/hotspots/Hotspot-Standorte.csv) — point 'Stadtplatz Ebelsberg, Fadingerplatz 7' (48.245949, 14.327064)",
    );
    expect(facts).toMatchObject({
      label: 'facts',
      urls: ['https://www.linz.at/archiv/denkmal/Default.asp?action=denkmaldetail&id=1394'],
      named: [],
    });
    expect(place).toEqual({
      label: 'coordinates',
      urls: [],
      mirrorOf: null,
      licences: ['CC BY 4.0'],
      named: ['data.linz.gv.at'],
      metres: 30,
      approximate: true,
    });
  });

  it('reads a mirror and its licence, and a position read on the same page', () => {
    const [facts, place] = readSource(
      "Facts: https://de-academic.com/dic.nsf/dewiki/352663 (mirror of de.wikipedia 'Dreifaltigkeitssäule (Linz)', CC BY-SA) | Coordinates (object, Wikipedia): same page: 'Koordinaten: 48° 18′ 21″ N, 14° 17′ 11″ O' converted to decimal",
    );
    expect(facts).toMatchObject({ mirrorOf: 'de.wikipedia', licences: ['CC BY-SA'] });
    expect(place).toMatchObject({ label: 'coordinates', named: ['Wikipedia'], metres: null, approximate: false });
  });

  it("names any city's open-data portal and wiki as the text writes them, none by a fixed name", () => {
    expect(readSource('Coordinates (object, GrazWiki (4 decimals)): GrazWiki page source')[0]?.named).toEqual(['GrazWiki']);
    expect(readSource('Coordinates: Wien OGD (CC BY 4.0, data.wien.gv.at Denkmaeler.csv)')[0]?.named).toEqual([
      'data.wien.gv.at',
    ]);
    expect(readSource('Coordinates: daten.berlin.de, Straßenverzeichnis')[0]?.named).toEqual(['daten.berlin.de']);
    // A repository's folder of a city's open data is no portal.
    expect(readSource('Coordinates: read via github.com/x/y:opendata-wien/x.csv')[0]?.named).toEqual([]);
  });

  it('keeps a text of another shape as a part without a label', () => {
    expect(readSource('Stadtarchiv Linz')).toMatchObject([{ label: null, urls: [], named: [] }]);
    expect(readSource(null)).toEqual([]);
  });
});

describe('readableUrl', () => {
  it('writes an address out as people read it, and leaves one that is not percent-encoded text alone', () => {
    expect(readableUrl('https://de.wiki.li/Liste_der_Kunstwerke_im_%C3%B6ffentlichen_Raum_in_Linz')).toBe(
      'https://de.wiki.li/Liste_der_Kunstwerke_im_öffentlichen_Raum_in_Linz',
    );
    expect(readableUrl('https://example.org/100%')).toBe('https://example.org/100%');
  });
});

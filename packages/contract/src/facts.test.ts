import { describe, expect, it } from 'vitest';
import { mapLinkPath, parseMapLink, type MapLink } from './facts';

const read = (path: string) => parseMapLink(Object.fromEntries(new URL(path, 'https://denkmal.example').searchParams));

describe('the map link: built and read in one place', () => {
  it('reads back what it builds, strings from an address as numbers', () => {
    const links: MapLink[] = [
      {},
      { monument: 'mon-dreifaltigkeitssaeule' },
      { monument: 'mon-x', proposal: 42 },
      { lat: 48.305833, lng: 14.286389, zoom: 17, monument: 'mon-ä ö' },
    ];
    for (const link of links) expect(read(mapLinkPath(link))).toEqual(link);
    expect(mapLinkPath({})).toBe('/');
    expect(mapLinkPath({ monument: 'mon-x', proposal: 3 })).toBe('/?monument=mon-x&proposal=3');
  });

  it('a field present but invalid voids the whole link; a proposal needs its monument', () => {
    expect(read('/?lat=north&lng=14&monument=mon-x')).toEqual({});
    expect(read('/?monument=mon-x&proposal=0')).toEqual({});
    expect(read('/?proposal=7')).toEqual({});
    expect(read(`/?monument=${'m'.repeat(65)}`)).toEqual({});
  });
});

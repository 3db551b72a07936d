// Where synthetic monuments stand (db/synthetic.ts): the configured city's area, or Austria's
// towns, drawn with a seeded PRNG, and the small helpers of those draws.

import { insideArea, type CityArea } from '@linz/contract';

export type Rng = () => number;
export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
/** An item by weight: `[[item, weight], …]`. */
export function weighted<T>(rng: Rng, table: readonly [readonly [T, number], ...(readonly [T, number])[]]): T {
  let r = rng() * table.reduce((s, [, w]) => s + w, 0);
  for (const [item, w] of table) if ((r -= w) < 0) return item;
  return table[0][0];
}

/** A city's area for `--region city`: its boundary and where its map opens (its centre). */
export type Around = CityArea & { lat: number; lng: number };
export const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Where synthetic monuments stand: the configured city's area, or Austria's towns. */
export const REGIONS = ['city', 'austria'] as const;
export type Region = (typeof REGIONS)[number];

/**
 * Austrian towns: name, latitude, longitude, inhabitants (rounded, about 2024). A monument picks a
 * town by inhabitants^0.8 (small towns have more monuments per head than Vienna) and stands
 * around it in a normal spread that grows with the town (about 10 km for Vienna, 1.3 km for a
 * town of 10,000), now and then three times as wide (the villages around).
 */
const TOWNS: readonly (readonly [string, number, number, number])[] = [
  ['Wien', 48.2082, 16.3738, 1_980_000],
  ['Graz', 47.0707, 15.4395, 300_000],
  ['Linz', 48.3069, 14.2858, 210_000],
  ['Salzburg', 47.8095, 13.055, 157_000],
  ['Innsbruck', 47.2692, 11.4041, 132_000],
  ['Klagenfurt', 46.6247, 14.3053, 104_000],
  ['Villach', 46.6103, 13.8558, 65_000],
  ['Wels', 48.1575, 14.0289, 63_000],
  ['St. Pölten', 48.2047, 15.6256, 56_000],
  ['Dornbirn', 47.4125, 9.7417, 51_000],
  ['Wiener Neustadt', 47.8151, 16.2463, 47_000],
  ['Steyr', 48.0427, 14.4213, 38_000],
  ['Feldkirch', 47.2331, 9.6, 35_000],
  ['Bregenz', 47.5031, 9.7471, 30_000],
  ['Leonding', 48.26, 14.25, 29_000],
  ['Klosterneuburg', 48.3053, 16.3253, 28_000],
  ['Baden', 48.0075, 16.2344, 26_000],
  ['Wolfsberg', 46.8406, 14.8442, 25_000],
  ['Leoben', 47.3817, 15.0972, 25_000],
  ['Krems', 48.4092, 15.6142, 25_000],
  ['Traun', 48.2214, 14.2397, 25_000],
  ['Amstetten', 48.1229, 14.872, 23_000],
  ['Lustenau', 47.4264, 9.6589, 23_000],
  ['Kapfenberg', 47.4442, 15.2931, 23_000],
  ['Hallein', 47.6833, 13.1, 21_000],
  ['Mödling', 48.0856, 16.2831, 20_000],
  ['Schwechat', 48.1381, 16.4708, 20_000],
  ['Kufstein', 47.5833, 12.1667, 19_000],
  ['Traiskirchen', 48.0167, 16.2833, 19_000],
  ['Braunau am Inn', 48.2567, 13.0353, 17_000],
  ['Stockerau', 48.3833, 16.2167, 17_000],
  ['Ansfelden', 48.2097, 14.29, 17_000],
  ['Saalfelden', 47.4269, 12.8483, 16_000],
  ['Tulln', 48.3322, 16.0547, 16_000],
  ['Hohenems', 47.3667, 9.6833, 16_000],
  ['Telfs', 47.3069, 11.0722, 16_000],
  ['Bruck an der Mur', 47.4106, 15.2686, 16_000],
  ['Spittal an der Drau', 46.8, 13.5, 15_000],
  ['Ternitz', 47.7167, 16.0333, 15_000],
  ['Perchtoldsdorf', 48.1167, 16.2667, 15_000],
  ['Eisenstadt', 47.8456, 16.5233, 15_000],
  ['Feldkirchen in Kärnten', 46.7236, 14.0919, 14_000],
  ['Bludenz', 47.1547, 9.8222, 14_000],
  ['Bad Ischl', 47.7111, 13.6239, 14_000],
  ['Schwaz', 47.35, 11.7, 14_000],
  ['Hall in Tirol', 47.2833, 11.5, 14_000],
  ['Wörgl', 47.4894, 12.0664, 14_000],
  ['Marchtrenk', 48.1917, 14.1106, 14_000],
  ['Gmunden', 47.9181, 13.7994, 13_000],
  ['Wals-Siezenheim', 47.7833, 12.9667, 13_000],
  ['Neunkirchen', 47.7269, 16.0817, 13_000],
  ['Korneuburg', 48.3453, 16.3331, 13_000],
  ['St. Veit an der Glan', 46.7667, 14.3667, 12_000],
  ['Vöcklabruck', 48.0086, 13.6558, 12_000],
  ['Lienz', 46.8294, 12.7697, 12_000],
  ['Ried im Innkreis', 48.21, 13.4894, 12_000],
  ['Knittelfeld', 47.215, 14.8294, 12_000],
  ['Weiz', 47.2189, 15.6253, 12_000],
  ['Mistelbach', 48.5667, 16.5667, 12_000],
  ['Hollabrunn', 48.5667, 16.0833, 12_000],
  ['Leibnitz', 46.7833, 15.5333, 12_000],
  ['Zwettl', 48.6033, 15.1689, 11_000],
  ['Gänserndorf', 48.3392, 16.7203, 11_000],
  ['Deutschlandsberg', 46.8167, 15.2167, 11_000],
  ['St. Johann im Pongau', 47.35, 13.2, 11_000],
  ['Imst', 47.2394, 10.7381, 11_000],
  ['Waidhofen an der Ybbs', 47.9597, 14.7744, 11_000],
  ['Völkermarkt', 46.6617, 14.6344, 11_000],
  ['Zell am See', 47.325, 12.7944, 10_000],
  ['Neusiedl am See', 47.9486, 16.8431, 8_500],
  ['Fürstenfeld', 47.05, 16.0833, 8_500],
  ['Freistadt', 48.5117, 14.5061, 8_000],
  ['Landeck', 47.1392, 10.5656, 8_000],
  ['Liezen', 47.5667, 14.2333, 8_000],
  ['Oberwart', 47.2878, 16.2031, 7_800],
  ['Mattersburg', 47.7378, 16.3969, 7_400],
  ['Horn', 48.6628, 15.6564, 6_500],
  ['Rohrbach', 48.5733, 13.9883, 6_000],
  ['Melk', 48.2269, 15.3436, 5_500],
  ['Bad Aussee', 47.61, 13.7817, 5_000],
  ['Güssing', 47.0597, 16.3244, 3_700],
  ['Murau', 47.1108, 14.1711, 3_500],
];
const TOWN_WEIGHTS = TOWNS.map(([name, , , people]) => [name, people ** 0.8] as const) as unknown as readonly [
  readonly [string, number],
  ...(readonly [string, number])[],
];
const TOWN_BY_NAME = new Map(TOWNS.map((t) => [t[0], t]));
/** Austria's bounding box: every synthetic monument of the region stands inside it. */
export const AUSTRIA_BOX = { south: 46.37, north: 49.02, west: 9.53, east: 17.16 };

/** Box–Muller: a standard normal pair. */
function normal(rng: Rng): [number, number] {
  const r = Math.sqrt(-2 * Math.log(1 - rng()));
  const a = 2 * Math.PI * rng();
  return [r * Math.cos(a), r * Math.sin(a)];
}

export function austriaPlace(rng: Rng): { district: string; lat: number; lng: number } {
  const [district, lat0, lng0, people] = TOWN_BY_NAME.get(weighted(rng, TOWN_WEIGHTS)) ?? ['Wien', 48.2082, 16.3738, 1_980_000];
  const km = (0.6 + 2.2 * Math.sqrt(people / 100_000)) * (rng() < 0.15 ? 3 : 1);
  const b = AUSTRIA_BOX;
  // A few draws until one falls inside the box (a border town's spread reaches over it), else the town itself.
  for (let tries = 0; tries < 8; tries++) {
    const [dy, dx] = normal(rng);
    const lat = lat0 + (dy * km) / 111.2;
    const lng = lng0 + (dx * km) / (111.2 * Math.cos((lat0 * Math.PI) / 180));
    if (lat >= b.south && lat <= b.north && lng >= b.west && lng <= b.east)
      return { district, lat: round6(lat), lng: round6(lng) };
  }
  return { district, lat: lat0, lng: lng0 };
}

/** Draws of a point inside the boundary before the centre is taken (a boundary fills at least a
 * few per cent of its box). */
const TRIES = 50;

/** Inside a city's boundary: a third of the monuments near its centre (its old town), the rest spread over it. */
export function position(rng: Rng, around: Around) {
  for (let i = 0; i < TRIES; i++) {
    const p = inBox(rng, around);
    if (insideArea(around, p.lat, p.lng)) return p;
  }
  return { lat: round6(around.lat), lng: round6(around.lng) };
}

function inBox(rng: Rng, box: Around) {
  if (rng() < 0.35) {
    // Box–Muller: a normal spread of about 1 km around the centre.
    const r = Math.sqrt(-2 * Math.log(1 - rng()));
    const a = 2 * Math.PI * rng();
    const km = { lat: 1 / 111.2, lng: 1 / (111.2 * Math.cos((box.lat * Math.PI) / 180)) };
    return {
      lat: round6(clamp(box.lat + km.lat * r * Math.cos(a), box.south, box.north)),
      lng: round6(clamp(box.lng + km.lng * r * Math.sin(a), box.west, box.east)),
    };
  }
  return {
    lat: round6(box.south + rng() * (box.north - box.south)),
    lng: round6(box.west + rng() * (box.east - box.west)),
  };
}

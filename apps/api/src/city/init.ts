// `pnpm city init <folder> --name "<name>" --boundary <file.geojson>`: a starting profile. Its
// placeholders (the `example` mark, addresses at reserved names, the shipped site profile's
// numbers) are refused by a public start (config.ts), as the shipped legal pages are.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fold } from '@linz/contract';
import { boundaryPolygons, CITIES_DIR, type CityFile } from './profile.js';

/** The site profile a new city starts from (cities/_template): the shipped example's frame, every fact a placeholder. */
const SITE_TEMPLATE = path.join(CITIES_DIR, '_template', 'site.json');

export function initCity(folder: string, name: string, boundaryFile: string): string[] {
  if (existsSync(path.join(folder, 'city.json')))
    throw new Error(`${folder} already holds a city profile (city.json); nothing was written.`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(boundaryFile, 'utf8'));
  } catch (err) {
    throw new Error(`--boundary: cannot read ${boundaryFile} as JSON (${(err as Error).message}); nothing was written.`);
  }
  const shape = boundaryPolygons(raw);
  if ('problems' in shape) throw new Error(`--boundary ${boundaryFile}: ${shape.problems.join('; ')}; nothing was written.`);
  const slug =
    fold(name)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'city';
  const city: CityFile = {
    example: true,
    name: { de: name, en: name },
    productName: `Denk·Mal ${name}`,
    boundary: 'boundary.geojson',
    timeZone: 'Europe/Vienna',
    voteThreshold: 10,
    mayorEmail: `buergermeister@${slug}.example`,
    site: 'site.json',
    seed: {},
    sources: [],
    openData: { publisher: name, licence: 'CC BY 4.0' },
  };
  // The template's words with the new city's name: every address and number in it is a placeholder.
  const written = readFileSync(SITE_TEMPLATE, 'utf8')
    .replaceAll('{{city}}', JSON.stringify(name).slice(1, -1))
    .replaceAll('{{slug}}', slug);
  mkdirSync(folder, { recursive: true });
  copyFileSync(boundaryFile, path.join(folder, 'boundary.geojson'));
  writeFileSync(path.join(folder, 'site.json'), written);
  writeFileSync(path.join(folder, 'city.json'), `${JSON.stringify(city, null, 2)}\n`);
  return ['city.json', 'boundary.geojson', 'site.json'].map((f) => path.join(folder, f));
}

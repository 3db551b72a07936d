// The home page's first-load JavaScript budget: every script and modulepreload that
// dist/index.html pulls in (before any lazy chunk), gzipped. Prints a per-file table and exits 1
// over budget. Run by `pnpm test` after the build; `pnpm bench:web` prints the same table.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_KIB = 170;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

/** The JavaScript files index.html loads: classic and module scripts, and module preloads. */
export function firstLoadScripts(html) {
  const urls = [];
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith('<script');
    if (!isScript && !/\brel=["']?modulepreload\b/.test(tag)) continue;
    const url = /\b(?:src|href)=["']?([^"' >]+)/.exec(tag)?.[1];
    if (url) urls.push(url);
  }
  return urls;
}

export function measure(distDir = dist) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const rows = firstLoadScripts(html).map((url) => {
    const raw = readFileSync(path.join(distDir, url.replace(/^\//, '')));
    return { file: url, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
  });
  const total = rows.reduce((sum, r) => ({ raw: sum.raw + r.raw, gzip: sum.gzip + r.gzip }), { raw: 0, gzip: 0 });
  return { rows, total };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

export function table({ rows, total }) {
  const width = Math.max(5, ...rows.map((r) => r.file.length));
  const line = (a, b, c) => `${a.padEnd(width)}  ${b.padStart(11)}  ${c.padStart(11)}`;
  return [
    line('file', 'raw', 'gzip'),
    ...rows.map((r) => line(r.file, kib(r.raw), kib(r.gzip))),
    line('total', kib(total.raw), kib(total.gzip)),
    `budget: ${BUDGET_KIB} KiB gzip`,
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = measure();
  console.log(`First-load JavaScript of the home page (dist/index.html):\n${table(result)}`);
  if (result.rows.length === 0) {
    console.error('no scripts found in dist/index.html');
    process.exit(1);
  }
  if (result.total.gzip > BUDGET_KIB * 1024) {
    console.error(`over budget: ${kib(result.total.gzip)} > ${BUDGET_KIB} KiB`);
    process.exit(1);
  }
}

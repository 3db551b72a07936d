// The e2e servers' tile upstream: the API (TILE_UPSTREAM) fetches its tiles here, as it would from
// basemap.at, so nothing goes to the internet. Every /{z}/{x}/{y}.png answers e2e/fixtures/tile.png.
// Started by playwright.config.ts.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

const port = Number(process.argv[2]);
const tile = readFileSync(path.join(import.meta.dirname, 'fixtures/tile.png'));
createServer((req, res) => {
  if (!/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=86400' }).end(tile);
}).listen(port, '127.0.0.1');

// A tile server standing in for basemap.at (the browser tests' TILE_UPSTREAM), as a process of its own:
//   tsx src/tile-upstream.ts <port> <png>
// answers every /{z}/{x}/{y}.png with the given picture, so nothing goes to the internet.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, png] = process.argv.slice(2);
const tile = readFileSync(png ?? '');
createServer((req, res) => {
  if (!/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=86400' }).end(tile);
}).listen(Number(port), '127.0.0.1');

// Reference for the read endpoints: a bare node:http server (its own process) sending the
// same bytes the API sent, serialised once. Paths and body files come as argv pairs.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const bodies = new Map<string, Buffer>();
const args = process.argv.slice(2);
for (let i = 0; i + 1 < args.length; i += 2) bodies.set(args[i]!, readFileSync(args[i + 1]!));

const server = createServer((req, res) => {
  const body = bodies.get(req.url ?? '');
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  process.send?.({ port: typeof addr === 'object' && addr ? addr.port : 0 });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
process.on('disconnect', () => process.exit(0));

// Reference for the read endpoints: a bare node:http server (its own process) sending the
// same bytes the API sent (its headers and body), serialised once. Paths and body files come as argv pairs.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

// Beside each body file, FILE.headers.json holds the API's answer headers ([name, value] pairs).
// The header list is made once per answer, as a plain server does (this reference used to build it
// on every request: work the API's reference should not carry).
const answers = new Map<string, { body: Buffer; headers: string[] }>();
const args = process.argv.slice(2);
for (let i = 0; i + 1 < args.length; i += 2) {
  const file = args[i + 1]!;
  const body = readFileSync(file);
  const headers = JSON.parse(readFileSync(`${file}.headers.json`, 'utf8')) as [string, string][];
  answers.set(args[i]!, { body, headers: [...headers.flat(), 'content-length', String(body.length)] });
}

const server = createServer((req, res) => {
  const answer = answers.get(req.url ?? '');
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, answer.headers);
  res.end(answer.body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  process.send?.({ port: typeof addr === 'object' && addr ? addr.port : 0 });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
process.on('disconnect', () => process.exit(0));

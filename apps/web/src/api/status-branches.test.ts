// The web app reads what went wrong by the error's code, never by an HTTP status: only the one
// error reader (errors.ts) looks at a status (for answers without our body, a proxy's). This scans
// every source file of src/ (tests aside) for a comparison with a status or a `case` on one.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const READER = 'api/errors.ts';

const OP = String.raw`(?:===?|!==?|<=?|>=?)`;
/** A status held by any name (`status`, `answer.status`, `httpStatus`) compared with a number, either way round, or a `case 404:`. */
const STATUS_BRANCHES = [
  new RegExp(String.raw`[\w.?]*[sS]tatus\s*${OP}\s*\d`),
  new RegExp(String.raw`\b\d{3}\s*${OP}\s*[\w.?]*[sS]tatus\b`),
  /\bcase\s+[1-5]\d\d\s*:/,
  // A Response's or an answer's `ok` is a status too.
  /\b(?:response|answer|answered|res|reply)\??\.ok\b/,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Each line of src/ (the reader aside) that branches on a numeric status, as `file:line: text`. */
export function statusBranches(root: string = SRC): string[] {
  return sources(root).flatMap((file) => {
    const name = path.relative(root, file).split(path.sep).join('/');
    if (name === READER) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (STATUS_BRANCHES.some((re) => re.test(line)) ? [`${name}:${i + 1}: ${line.trim()}`] : []));
  });
}

describe('HTTP statuses', () => {
  it('are read by the one error reader only: everything else branches on the error code', () => {
    expect(statusBranches()).toEqual([]);
  });

  it('the scan finds the comparisons it is there to refuse', () => {
    const caught = [
      'if (answer.status === 429) return',
      'if (404 === status) x()',
      "case 409: return 'dup'",
      'if (!response.ok) throw e',
    ];
    const missed = ["if (proposal.status === 'open') show()", "e.status !== 'approved'", 'const status = 3;'];
    const STATUS = (line: string) => STATUS_BRANCHES.some((re) => re.test(line));
    expect(caught.filter(STATUS)).toEqual(caught);
    expect(missed.filter(STATUS)).toEqual([]);
  });
});

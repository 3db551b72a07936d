// The result table.
export type Row = {
  case: string;
  db: string;
  rps: number;
  p99: number;
  reference: string;
  refRps: number;
  refP99: number;
  ratio: number;
  target: string;
  ok: boolean;
};

export function printTable(rows: Row[]) {
  const head = ['case', 'db', 'req/s', 'p99 ms', 'reference', 'ref req/s', 'ref p99 ms', 'ratio', 'target', 'ok?'];
  const body = rows.map((r) => [
    r.case,
    r.db,
    r.rps.toFixed(0),
    r.p99.toFixed(0),
    r.reference,
    r.refRps.toFixed(0),
    r.refP99.toFixed(0),
    `${r.ratio.toFixed(2)}x`,
    r.target,
    r.ok ? 'ok' : 'MISS',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const b of body) console.log(line(b));
}

// The result tables.
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

/** One with/without figure of a mechanism (mechanisms.ts). */
export type MechanismRow = { mechanism: string; db: string; measure: string; with: string; without: string; effect: string };

export function printCells(head: string[], body: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const b of body) console.log(line(b));
}

export function printTable(rows: Row[], generator: string) {
  printCells(
    ['case', 'db', 'generator', 'req/s', 'p99 ms', 'reference', 'ref req/s', 'ref p99 ms', 'ratio', 'target', 'ok?'],
    rows.map((r) => [
      r.case,
      r.db,
      generator,
      r.rps.toFixed(0),
      r.p99.toFixed(1),
      r.reference,
      r.refRps.toFixed(0),
      r.refP99.toFixed(1),
      `${r.ratio.toFixed(2)}x`,
      r.target,
      r.ok ? 'ok' : 'MISS',
    ]),
  );
}

export function printMechanisms(rows: MechanismRow[]) {
  printCells(
    ['mechanism', 'db', 'measure', 'with', 'without', 'effect'],
    rows.map((r) => [r.mechanism, r.db, r.measure, r.with, r.without, r.effect]),
  );
}

/** Resident memory (VmRSS) of one API process (city.ts): at rest after its start and after a load run. */
export type MemoryRow = { case: string; db: string; rest: number; loaded: number; load: string };

export function printMemory(rows: MemoryRow[]) {
  printCells(
    ['VmRSS', 'db', 'at rest after its start', 'after the load run', 'load run'],
    rows.map((r) => [r.case, r.db, `${r.rest.toFixed(0)} MB`, `${r.loaded.toFixed(0)} MB`, r.load]),
  );
}

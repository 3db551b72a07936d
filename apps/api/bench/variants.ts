// The API without one of its mechanisms, for the with/without figures (`pnpm bench -- --only
// mechanisms`). A variant is a copy of src/ under bench/.variants/<name>/ with a few lines
// replaced; src/ itself is never changed. Each replacement must find its exact text: when src
// changes, the run fails here and names the line to update (README: "Mechanisms" has the diffs).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type Variant = 'current' | 'no-batch' | 'no-withdrawal' | 'no-cache';
type Patch = { file: string; from: string; to: string };

const PATCHES: Record<Exclude<Variant, 'current'>, Patch[]> = {
  // Each vote its own cast_votes call, as many at once as the pool allows (PGlite: one at a time).
  'no-batch': [
    {
      file: 'services.ts',
      from: "inFlight: database.kind === 'postgres' ? 2 : 1,\n      maxBatch: 100,",
      to: "inFlight: database.kind === 'postgres' ? 10 : 1,\n      maxBatch: 1,",
    },
  ],
  // A vote still queued when its request's deadline answered 503 is cast anyway.
  'no-withdrawal': [{ file: 'domain/votes/votes.ts', from: 'if (p.answered?.()) p.reject(', to: 'if (false) p.reject(' }],
  // Every list read runs its query; no NOTIFY either (nothing to invalidate).
  'no-cache': [
    { file: 'domain/read-cache.ts', from: '      if (current) return current;\n', to: '' },
    {
      file: 'services.ts',
      from: "voteRulesOf(config, database.kind === 'postgres' ? CHANGE_CHANNEL : null)",
      to: 'voteRulesOf(config, null)',
    },
  ],
};

const apiDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const root = path.join(apiDir, 'bench', '.variants');

/** The source folder (relative to apps/api) of the API as `variant`; built fresh from src/. */
export function variantSrc(variant: Variant): string {
  if (variant === 'current') return process.env.BENCH_API_SRC ?? 'src';
  const dir = path.join(root, variant);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(path.join(apiDir, 'src'), path.join(dir, 'src'), { recursive: true });
  // src/db/seed.ts reads ../../seed: the copy finds the real one.
  if (!existsSync(path.join(dir, 'seed'))) symlinkSync(path.join(apiDir, 'seed'), path.join(dir, 'seed'));
  for (const p of PATCHES[variant]) {
    const file = path.join(dir, 'src', p.file);
    const text = readFileSync(file, 'utf8');
    if (!text.includes(p.from)) {
      throw new Error(
        `bench variant ${variant}: src/${p.file} no longer contains ${JSON.stringify(p.from)}; update bench/variants.ts and the README's diff`,
      );
    }
    writeFileSync(file, text.replace(p.from, p.to));
  }
  return path.relative(apiDir, path.join(dir, 'src'));
}

export function removeVariants(): void {
  rmSync(root, { recursive: true, force: true });
}

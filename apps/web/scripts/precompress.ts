// Build step: writes brotli (.br) and gzip (.gz) copies next to every text file in dist/, so the
// server can send them as they are (@fastify/static preCompressed) instead of raw or compressing
// on each request. Images are already compressed and are left alone. The gzip copies come from
// Zopfli (a deflate encoder that searches harder; any gzip reader reads them): 4–5 % smaller than
// zlib's level 9, 6 KiB of a phone's first load (scripts/js-budget.mjs), for 10–15 s of build.
import { gzipAsync } from '@gfx/zopfli';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(?:js|mjs|css|html|json|svg|txt|webmanifest)$/;
const MIN_BYTES = 512;
const brotli = promisify(brotliCompress);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

export async function precompressDir(dir: string): Promise<number> {
  let count = 0;
  for await (const file of files(dir)) {
    const raw = await readFile(file);
    if (raw.length < MIN_BYTES) continue;
    const [br, gzipped] = await Promise.all([
      brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
      gzipAsync(raw, { numiterations: 15 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    count += 1;
  }
  return count;
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'denkmal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const count = await precompressDir(outDir);
      this.info(`precompressed ${count} files (br, gz)`);
    },
  };
}

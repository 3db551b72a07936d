// Run by cluster-shapes.test.ts in a process of its own (node --expose-gc): the worker's cluster jobs
// one after another, with full collections between them as the worker has between a city's writes.
// V8's deoptimisations are printed (--trace-deopt) from the job `tracedFrom` on: its own buffered
// output, which nothing else is written between, so the test needs no marks that could land inside it.
import { setFlagsFromString } from 'node:v8';
import { packedClusters, type ClusterJob } from '../../src/domain/lists/clusters.js';

const points = Number(process.argv[2]);
const jobs = Number(process.argv[3]);
const tracedFrom = Number(process.argv[4]);

function job(n: number, k: number): ClusterJob {
  const ids: string[] = [];
  const idLengths = new Uint32Array(n);
  const lat = new Float64Array(n);
  const lng = new Float64Array(n);
  const validated = new Uint8Array(n);
  let seed = 12345;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let i = 0; i < n; i++) {
    const id = `syn-${i.toString(36).padStart(8, '0')}`;
    ids.push(id);
    idLengths[i] = id.length;
    lat[i] = 46.4 + random() * 2.6;
    lng[i] = 9.5 + random() * 7.5;
    validated[i] = random() < 0.9 ? 1 : 0;
  }
  return { job: k, ids: ids.join(''), idLengths, lat, lng, validated };
}

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run with --expose-gc.');
for (let k = 0; k < jobs; k++) {
  if (k === tracedFrom) setFlagsFromString('--trace-deopt');
  packedClusters(job(points + k, k));
  for (let g = 0; g < 4; g++) gc();
}

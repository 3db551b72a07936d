// Run by cluster-shapes.test.ts in a process of its own (node --expose-gc --trace-deopt): the
// worker's cluster jobs one after another, with full collections between them as the worker has
// between a city's writes, each job's end printed so that V8's deoptimisations can be told apart by job.
import { packedClusters, type ClusterJob } from '../../src/domain/lists/clusters.js';

const points = Number(process.argv[2]);
const jobs = Number(process.argv[3]);

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
  packedClusters(job(points + k, k));
  for (let g = 0; g < 4; g++) gc();
  console.log(`job ${k} done`);
}

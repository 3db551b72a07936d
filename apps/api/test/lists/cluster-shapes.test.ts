// The worker's cluster jobs keep V8's optimised code from one job to the next: after a full
// collection between two jobs, the next deoptimises none of the build's functions (clusters.ts,
// `lastBuilt`). Without it, each job after a collection deoptimised about ten times and compiled its
// loops again, on compiler threads that run at the readers' priority.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('./cluster-jobs.script.ts', import.meta.url));
/** The build's functions (clusters.ts, and supercluster's and kdbush's that it calls). */
const BUILD = /<JSFunction (treeSteps|clusterZoomSteps|loadSteps|select|packedClusters|idsOf|_map|withinInto|add|reduce|map) /;

describe('the cluster worker across full collections', () => {
  it('deoptimises none of the build once it has run a few jobs', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--expose-gc', '--trace-deopt', '--import', 'tsx', SCRIPT, '20000', '8'],
      { cwd: fileURLToPath(new URL('../..', import.meta.url)), maxBuffer: 64 * 1024 * 1024 },
    );
    const perJob: number[] = [];
    let count = 0;
    for (const line of stdout.split('\n')) {
      if (/^job \d+ done$/.test(line)) {
        perJob.push(count);
        count = 0;
      } else if (line.includes('deoptimizing') && BUILD.test(line)) count++;
    }
    expect(perJob).toHaveLength(8);
    // The first jobs learn the build's types; the last four deoptimise nothing.
    expect(perJob.slice(0, 4).reduce((a, b) => a + b)).toBeGreaterThan(0);
    expect(perJob.slice(4)).toEqual([0, 0, 0, 0]);
  }, 60_000);
});

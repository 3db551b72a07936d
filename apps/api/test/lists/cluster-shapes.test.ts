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

/** The build's deoptimisations in eight jobs, V8's trace switched on from job `tracedFrom`. */
async function deoptimisations(tracedFrom: number): Promise<number> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', SCRIPT, '20000', '8', String(tracedFrom)],
    {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return stdout.split('\n').filter((line) => line.includes('deoptimizing') && BUILD.test(line)).length;
}

describe('the cluster worker across full collections', () => {
  it('deoptimises none of the build once it has run a few jobs', async () => {
    // The first jobs learn the build's types (and show that the trace is read).
    expect(await deoptimisations(0)).toBeGreaterThan(0);
    // The last four: nothing (without the kept index, 13 in all).
    expect(await deoptimisations(4)).toBe(0);
  }, 60_000);
});

// The worker thread that builds large cluster indexes (clusters.ts): a job's points in, supercluster's
// arrays out, moved rather than copied. build.mjs bundles it beside the server (dist/cluster-worker.js).
import { parentPort } from 'node:worker_threads';
import { packedClusters, transferOf, type ClusterJob } from './clusters.js';
import { lowerThisThread } from '../../worker-threads.js';

lowerThisThread();

parentPort?.on('message', (job: ClusterJob) => {
  const packed = packedClusters(job);
  parentPort?.postMessage(packed, transferOf(packed));
});

// `--only photos`: photo uploads (issue 30). A 12-megapixel phone JPEG (made here with sharp:
// noise, so it compresses like a photo, about 5 MB) is posted as multipart/form-data, 10 at a
// time, for a few rounds; each is checked, decoded, turned upright, re-encoded to two WebPs and
// stored. Measured: uploads per second, the p99 of one upload, and the API process's peak
// resident memory (VmRSS from /proc, sampled every 20 ms) against the budget in docs/photos.md.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { log } from './common.js';
import { startApi, type DbTarget } from './server.js';
import { percentile } from './stats.js';
import type { Row } from './table.js';

/** The budget docs/photos.md names: the API's resident memory while 10 uploads run at once. */
export const PHOTO_RSS_BUDGET_MB = 700;
const AT_ONCE = 10;
const ROUNDS = Number(process.env.BENCH_PHOTO_ROUNDS ?? 3);
const MP12 = { width: 4000, height: 3000 };

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024;
};

async function phoneJpeg(): Promise<Buffer> {
  const { width, height } = MP12;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .blur(1.2)
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function form(bytes: Buffer) {
  const body = new FormData();
  body.set('alt', 'Ein Denkmal, fotografiert für den Bench');
  body.set('licence', 'CC-BY-4.0');
  body.set('photo', new Blob([bytes], { type: 'image/jpeg' }), 'photo.jpg');
  return body;
}

export async function benchPhotos(kind: DbTarget['kind'], db: DbTarget, rows: Row[]): Promise<void> {
  const jpeg = await phoneJpeg();
  const api = await startApi(db, { rateLimit: false });
  const pid = api.child.proc.pid ?? 0;
  try {
    const monuments = (await (await fetch(`${api.base}/api/monuments`)).json()) as { id: string }[];
    const idle = rssMb(pid);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
    const latencies: number[] = [];
    let accepted = 0;
    let refused = 0;
    const started = performance.now();
    try {
      for (let round = 0; round < ROUNDS; round++) {
        await Promise.all(
          Array.from({ length: AT_ONCE }, async (_, i) => {
            // A different monument each (three photos per monument from visitors), a different address each.
            const monument = monuments[(round * AT_ONCE + i) % monuments.length]?.id ?? '';
            const t0 = performance.now();
            const res = await fetch(`${api.base}/api/monuments/${monument}/photos`, {
              method: 'POST',
              body: form(jpeg),
              headers: { 'x-forwarded-for': `198.51.100.${(round * AT_ONCE + i) % 250}` },
            });
            await res.arrayBuffer();
            latencies.push(performance.now() - t0);
            if (res.status === 202) accepted++;
            else refused++;
          }),
        );
      }
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    const rps = accepted / seconds;
    const p99 = percentile(latencies, 0.99);
    log(
      `${kind} photo uploads: ${accepted} accepted, ${refused} refused in ${seconds.toFixed(1)} s (${rps.toFixed(2)}/s, ` +
        `p99 ${p99.toFixed(0)} ms); ${(jpeg.length / 1e6).toFixed(1)} MB JPEG, 12 MP; API RSS idle ${idle.toFixed(0)} MB, ` +
        `peak ${peak.toFixed(0)} MB (budget ${PHOTO_RSS_BUDGET_MB} MB)`,
    );
    rows.push({
      case: `POST photo, ${AT_ONCE} at once (12 MP JPEG, ${(jpeg.length / 1e6).toFixed(1)} MB)`,
      db: kind,
      rps,
      p99,
      reference: `peak API RSS ${peak.toFixed(0)} MB (idle ${idle.toFixed(0)} MB)`,
      refRps: 0,
      refP99: 0,
      ratio: peak / PHOTO_RSS_BUDGET_MB,
      target: `all accepted, peak RSS <= ${PHOTO_RSS_BUDGET_MB} MB`,
      ok: refused === 0 && peak <= PHOTO_RSS_BUDGET_MB,
    });
  } finally {
    await api.stop();
  }
}

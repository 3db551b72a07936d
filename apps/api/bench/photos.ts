// `--only photos`: photo uploads. A 12-megapixel phone JPEG (made here with sharp:
// noise, so it compresses like a photo, about 5 MB) is posted as multipart/form-data, 10 at a
// time, for a few rounds; each is checked, decoded, turned upright, re-encoded to two WebPs and
// stored. Measured: uploads per second, the p99 of one upload, and the API process's peak
// resident memory (VmRSS from /proc, sampled every 20 ms) against the budget in docs/photos.md.
// Then heavy pixels, 10 at once: a PNG of a few hundred KB at 16 bits per channel just
// under the megapixel cap (refused from its header now), and the worst picture still allowed (16-bit,
// decoding to just under MAX_DECODED_BYTES); each with its peak RSS and the RSS after the burst.
import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { log } from './common.js';
import { startApi, type DbTarget } from './server.js';
import { percentile } from './stats.js';
import type { Row } from './table.js';
import { MAX_DECODED_BYTES } from '../src/domain/photos/photo-image.js';

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

function form(bytes: Buffer, type = 'image/jpeg') {
  const body = new FormData();
  body.set('alt', 'Ein Denkmal, fotografiert für den Bench');
  body.set('licence', 'CC-BY-4.0');
  body.set('photo', new Blob([bytes], { type }), type === 'image/png' ? 'photo.png' : 'photo.jpg');
  return body;
}

/** A whole, valid 16-bit RGB PNG of one grey (so a few hundred KB): width × height × 6 bytes decoded. */
function heavyPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(16, 8);
  ihdr.writeUInt8(2, 9);
  const row = Buffer.alloc(width * 6 + 1, 0x80);
  row[0] = 0; // filter: none
  const rows = Buffer.alloc(row.length * height);
  for (let y = 0; y < height; y++) row.copy(rows, y * row.length);
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    png,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The lowest RSS over `ms` after a burst: what the server gives back once the uploads are done. */
async function settledRss(pid: number, ms = 10_000): Promise<number> {
  let low = rssMb(pid);
  const end = performance.now() + ms;
  while (performance.now() < end) {
    await new Promise((r) => setTimeout(r, 250));
    low = Math.min(low, rssMb(pid));
  }
  return low;
}

type Burst = {
  statuses: Record<number, number>;
  accepted: number;
  refused: number;
  seconds: number;
  p99: number;
  idle: number;
  peak: number;
  after: number;
};

/** `rounds` rounds of 10 uploads at once, each to another monument from another address. */
async function burst(
  base: string,
  pid: number,
  monuments: { id: string }[],
  bytes: Buffer,
  type: string,
  rounds: number,
  first: number,
): Promise<Burst> {
  const idle = rssMb(pid);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const latencies: number[] = [];
  let accepted = 0;
  let refused = 0;
  const statuses: Record<number, number> = {};
  const started = performance.now();
  try {
    for (let round = 0; round < rounds; round++) {
      await Promise.all(
        Array.from({ length: AT_ONCE }, async (_, i) => {
          const n = first + round * AT_ONCE + i;
          const t0 = performance.now();
          const res = await fetch(`${base}/api/monuments/${monuments[n % monuments.length]?.id ?? ''}/photos`, {
            method: 'POST',
            body: form(bytes, type),
            headers: { 'x-forwarded-for': `198.51.${100 + Math.floor(n / 250)}.${n % 250}` },
          });
          await res.arrayBuffer();
          latencies.push(performance.now() - t0);
          if (res.status === 202) accepted++;
          else refused++;
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        }),
      );
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  return { statuses, accepted, refused, seconds, p99: percentile(latencies, 0.99), idle, peak, after: await settledRss(pid) };
}

export async function benchPhotos(kind: DbTarget['kind'], db: DbTarget, rows: Row[]): Promise<void> {
  const jpeg = await phoneJpeg();
  // Just under 40 MP at 16 bits (238 MB decoded): the heavy-pixels attack, refused from its header now.
  const attack = heavyPng(6300, 6300);
  // The worst picture still allowed: 16-bit RGB decoding to just under the cap (26.4 MP, 158 MB).
  const worstSide = Math.floor(Math.sqrt(MAX_DECODED_BYTES / 6)) - 8;
  const worst = heavyPng(worstSide, worstSide);
  const api = await startApi(db, { rateLimit: false });
  const pid = api.child.proc.pid ?? 0;
  try {
    const monuments = (await (await fetch(`${api.base}/api/monuments`)).json()) as { id: string }[];
    const cases = [
      {
        name: `12 MP JPEG, ${(jpeg.length / 1e6).toFixed(1)} MB`,
        bytes: jpeg,
        type: 'image/jpeg',
        rounds: ROUNDS,
        allowed: true,
      },
      {
        name: `39.7 MP 16-bit PNG, ${(attack.length / 1e3).toFixed(0)} KB (refused)`,
        bytes: attack,
        type: 'image/png',
        rounds: 1,
        allowed: false,
      },
      {
        name: `worst allowed: ${((worstSide * worstSide) / 1e6).toFixed(1)} MP 16-bit PNG, ${(worst.length / 1e3).toFixed(0)} KB`,
        bytes: worst,
        type: 'image/png',
        rounds: 1,
        allowed: true,
      },
    ];
    let first = 0;
    for (const c of cases) {
      const b = await burst(api.base, pid, monuments, c.bytes, c.type, c.rounds, first);
      first += c.rounds * AT_ONCE;
      const rps = b.accepted / b.seconds;
      log(
        `${kind} photo uploads (${c.name}): ${b.accepted} accepted, ${b.refused} refused (${JSON.stringify(b.statuses)}) in ${b.seconds.toFixed(1)} s ` +
          `(${rps.toFixed(2)}/s, p99 ${b.p99.toFixed(0)} ms); API RSS idle ${b.idle.toFixed(0)} MB, peak ${b.peak.toFixed(0)} MB, ` +
          `after the burst ${b.after.toFixed(0)} MB (budget ${PHOTO_RSS_BUDGET_MB} MB)`,
      );
      const expected = c.allowed ? b.refused === 0 : b.accepted === 0;
      rows.push({
        case: `POST photo, ${AT_ONCE} at once (${c.name})`,
        db: kind,
        rps,
        p99: b.p99,
        reference: `peak API RSS ${b.peak.toFixed(0)} MB, after ${b.after.toFixed(0)} MB (idle ${b.idle.toFixed(0)} MB)`,
        refRps: 0,
        refP99: 0,
        ratio: b.peak / PHOTO_RSS_BUDGET_MB,
        target: `${c.allowed ? 'all accepted' : 'all refused'}, peak and after-burst RSS <= ${PHOTO_RSS_BUDGET_MB} MB`,
        ok: expected && b.peak <= PHOTO_RSS_BUDGET_MB && b.after <= PHOTO_RSS_BUDGET_MB,
      });
    }
  } finally {
    await api.stop();
  }
}

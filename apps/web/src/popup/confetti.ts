// Confetti from the thumbs-up, for 2 seconds; canvas-confetti is loaded only when needed.
// Its default instance draws in a blob Web Worker, which the CSP forbids, so we make our own
// canvas and draw on the main thread.
import { retriedImport } from '../layout/retriedImport';

export const CONFETTI_MS = 2000;

export async function celebrateAt(element: HTMLElement): Promise<void> {
  const { default: confetti } = await retriedImport(() => import('canvas-confetti'));
  const canvas = document.createElement('canvas');
  canvas.className = 'confetti-canvas';
  canvas.setAttribute('aria-hidden', 'true');
  document.body.appendChild(canvas);
  const fire = confetti.create(canvas, { resize: true, useWorker: false });
  const rect = element.getBoundingClientRect();
  const origin = {
    x: (rect.left + rect.width / 2) / window.innerWidth,
    y: (rect.top + rect.height / 2) / window.innerHeight,
  };
  const end = Date.now() + CONFETTI_MS;
  const burst = () => {
    void fire({ particleCount: 24, spread: 70, startVelocity: 28, ticks: 90, origin, disableForReducedMotion: true });
    if (Date.now() < end - 300) window.setTimeout(burst, 250);
  };
  burst();
  window.setTimeout(() => {
    fire.reset();
    canvas.remove();
  }, CONFETTI_MS);
}

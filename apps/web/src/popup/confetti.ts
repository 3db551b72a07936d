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
  const end = Date.now() + CONFETTI_MS;
  // Each burst starts where the thumbs-up is then: the vote's banner moves it down, and the popup
  // pans after it.
  const burst = () => {
    void fire({
      particleCount: 24,
      spread: 70,
      startVelocity: 28,
      ticks: 90,
      origin: centreOf(element),
      disableForReducedMotion: true,
    });
    if (Date.now() < end - 300) window.setTimeout(burst, 250);
  };
  // The first burst waits a frame, for the banner that the vote's answer brings.
  window.requestAnimationFrame(burst);
  window.setTimeout(() => {
    fire.reset();
    canvas.remove();
  }, CONFETTI_MS);
}

/** An element's centre as canvas-confetti's origin: fractions of the window. */
export function centreOf(element: HTMLElement): { x: number; y: number } {
  const rect = element.getBoundingClientRect();
  return { x: (rect.left + rect.width / 2) / window.innerWidth, y: (rect.top + rect.height / 2) / window.innerHeight };
}

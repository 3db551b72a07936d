// Reads a PNG with a real decoder (pngjs): its size, its RGBA pixels, and how much of a region is
// dark ink (text), to tell a card with words from an empty one.
import { PNG } from 'pngjs';

export function decodePng(bytes: Buffer) {
  const png = PNG.sync.read(bytes);
  const { width, height, data } = png;
  /** The share of pixels in the box [x0, x1) × [y0, y1) darker than a mid grey. */
  const inked = (x0: number, y0: number, x1: number, y1: number) => {
    let dark = 0;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const at = (y * width + x) * 4;
        if ((data[at]! + data[at + 1]! + data[at + 2]!) / 3 < 96) dark++;
      }
    }
    return dark / ((x1 - x0) * (y1 - y0));
  };
  return { width, height, data, inked };
}

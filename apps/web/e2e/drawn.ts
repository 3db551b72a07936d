// Pictures the page's own canvas draws, for upload tests: a block of colour with a
// stripe, as JPEG or PNG bytes.
import type { Page } from './fixtures';

export async function drawnImage(
  page: Page,
  type: 'image/jpeg' | 'image/png',
  size = { width: 640, height: 400 },
): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ type, size }) => {
      const canvas = document.createElement('canvas');
      canvas.width = size.width;
      canvas.height = size.height;
      const g = canvas.getContext('2d');
      if (!g) throw new Error('no canvas');
      g.fillStyle = '#b3261e';
      g.fillRect(0, 0, size.width, size.height);
      g.fillStyle = '#1e3ab3';
      g.fillRect(0, size.height * 0.4, size.width, size.height * 0.2);
      return canvas.toDataURL(type, 0.9);
    },
    { type, size },
  );
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

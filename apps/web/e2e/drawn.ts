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

/** A drawn sketch sent as a proposal's photo over the REST API, as a phone's form sends it; the answer's status. */
export async function sendProposalSketch(page: Page, proposalId: number, alt: string): Promise<number> {
  const sent = await page.request.post(`/api/interventions/${proposalId}/photos`, {
    multipart: {
      alt,
      licence: 'CC-BY-4.0',
      photo: {
        name: 'skizze.png',
        mimeType: 'image/png',
        buffer: await drawnImage(page, 'image/png', { width: 300, height: 200 }),
      },
    },
  });
  return sent.status();
}

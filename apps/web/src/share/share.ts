// Shares a page: the system's share sheet where the browser has one (phones), else the link is
// copied. Returns what happened so the caller can confirm it visibly and to screen readers.
export type ShareResult = 'shared' | 'copied' | 'cancelled' | 'failed';

export async function shareLink(data: { title: string; text?: string; url: string }): Promise<ShareResult> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      // The visitor closed the sheet: nothing to confirm, nothing went wrong.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    await navigator.clipboard.writeText(data.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

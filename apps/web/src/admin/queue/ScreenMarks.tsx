// A name with the word screen's matches marked (<mark>, as text: React escapes every part), and
// which listed words matched, for staff deciding on a held item (docs/screening.md).
import type { ScreenHit } from '@linz/contract';
import { useTranslation } from 'react-i18next';

/** The parts of `text` between and inside the hits (overlapping hits are joined). */
function parts(text: string, hits: readonly ScreenHit[]): { text: string; marked: boolean }[] {
  const out: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const hit of [...hits].sort((a, b) => a.start - b.start)) {
    const start = Math.max(at, hit.start);
    if (hit.end <= start) continue;
    if (start > at) out.push({ text: text.slice(at, start), marked: false });
    out.push({ text: text.slice(start, hit.end), marked: true });
    at = hit.end;
  }
  if (at < text.length) out.push({ text: text.slice(at), marked: false });
  return out;
}

export function MarkedName({ text, hits }: { text: string; hits: readonly ScreenHit[] | undefined }) {
  if (!hits || hits.length === 0) return <>{text}</>;
  return <>{parts(text, hits).map((p, k) => (p.marked ? <mark key={k}>{p.text}</mark> : <span key={k}>{p.text}</span>))}</>;
}

/** "Word screen: …" with each listed word that matched. */
export function ScreenTag({ hits }: { hits: readonly ScreenHit[] | undefined }) {
  const { t } = useTranslation();
  if (!hits || hits.length === 0) return null;
  const words = [...new Set(hits.map((h) => h.word))].join(', ');
  return <li>{t('admin.screen.matched', { words })}</li>;
}

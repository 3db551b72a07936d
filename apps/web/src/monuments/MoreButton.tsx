// "Mehr anzeigen" under a list paged on the server: asks for the next page (once, while it loads),
// and the first item of that page gets focus once it is shown.
import { useEffect, useRef, useState } from 'react';

type Props = { label: string; busy: boolean; onMore: () => void };

export function MoreButton({ label, busy, onMore }: Props) {
  return (
    <button type="button" className="button monument-list__more" aria-disabled={busy} onClick={() => !busy && onMore()}>
      {label}
    </button>
  );
}

/**
 * Focus after "mehr anzeigen" for a list now `count` items long: `moved()` when the button was
 * pressed, `headingAt(i)` for each item's heading. Focus moves once, when the next page is shown:
 * not again when the list comes back from the cache after another search (focus stays in the box).
 */
export function useFocusFirstNew(count: number) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [index, setIndex] = useState<number | null>(null);
  const pending = useRef(false);
  useEffect(() => {
    if (!pending.current || index === null || count <= index) return;
    pending.current = false;
    heading.current?.focus();
  }, [index, count]);
  return {
    headingAt: (i: number) => (i === index ? heading : undefined),
    moved: () => {
      pending.current = true;
      setIndex(count);
    },
  };
}

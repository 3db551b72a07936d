// "Mehr anzeigen" under a list paged on the server: asks for the next page (once, while it loads),
// and the first item of that page gets focus once it is shown. Gone once every page is shown.
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_PAGE_SIZE } from '../api/queries';

type Props = {
  /** The label's key: it says how many come next (`count`) and how many are not shown yet (`rest`). */
  labelKey: 'proposals.more' | 'finder.list.more';
  rest: number;
  pages: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>;
  focus: { moved: () => void };
};

export function MoreButton({ labelKey, rest, pages, focus }: Props) {
  const { t } = useTranslation();
  if (!pages.hasNextPage) return null;
  const busy = pages.isFetchingNextPage;
  const more = () => {
    focus.moved();
    void pages.fetchNextPage();
  };
  return (
    <button type="button" className="button monument-list__more" aria-disabled={busy} onClick={() => !busy && more()}>
      {t(labelKey, { count: Math.min(rest, LIST_PAGE_SIZE), rest })}
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

// A table of the dashboard with its caption. Where it is wider than the page (five columns of
// figures on a phone), it scrolls sideways inside a region that the keyboard can reach and that
// is named after the table, says so above it, and shows a shadow at the edge where more columns
// wait; where it fits, it is a plain table and no extra tab stop.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function StatsTable({ caption, children }: { caption: string; children: ReactNode }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    measure();
    return () => observer.disconnect();
  }, []);
  return (
    <>
      {scrolls ? <p className="stats-table-more">{t('stats.tableGoesOn')}</p> : null}
      <div ref={frame} className="stats-table-frame" {...(scrolls ? { role: 'region', 'aria-label': caption, tabIndex: 0 } : {})}>
        <table className="stats-table">
          <caption>{caption}</caption>
          {children}
        </table>
      </div>
    </>
  );
}

// The map's "Filter" button, with how many filters are active; it opens the filter panel, whose
// code loads only then (the first load carries just this button).
import { useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateFilterSearch } from './search';

const FilterPopover = lazy(() => import('./FilterPopover').then((m) => ({ default: m.FilterPopover })));

export function FilterButton() {
  const { t } = useTranslation();
  // Not strict: the home page stays mounted while it animates out.
  const active = Object.keys(validateFilterSearch(useSearch({ strict: false }))).length;
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div className="map-overlay map-filter">
      <button
        ref={button}
        type="button"
        className="filter-toggle"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {t('finder.filter')}{' '}
        {active ? <span className="filter-toggle__count">{t('finder.active', { count: active })}</span> : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <FilterPopover id={id} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}

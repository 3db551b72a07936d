// The map's "Filter" button, with how many filters are active; it opens the filter panel, whose
// code loads only then (the first load carries just this button).
import type { Monument } from '@linz/contract';
import { useSearch } from '@tanstack/react-router';
import type { Map as LeafletMap } from 'leaflet';
import { useId, useRef, useState } from 'react';
import { lazyPart, Part } from '../../layout/lazyPart';
import { useTranslation } from 'react-i18next';
import { validateFilterSearch } from '../../finder/search';

const FilterPopover = lazyPart(() => import('./FilterPopover').then((m) => ({ default: m.FilterPopover })));

type Props = {
  map: LeafletMap | null;
  /** A monument picked from the search's list (the panel has closed). */
  onPick: (monument: Monument) => void;
};

export function FilterButton({ map, onPick }: Props) {
  const { t } = useTranslation();
  // Not strict: the home page stays mounted while it animates out.
  const active = Object.keys(validateFilterSearch(useSearch({ strict: false }))).length;
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  // What closing does besides (the search shows its matches if the map shows none).
  const onClosingRef = useRef<(() => void) | null>(null);
  const close = (show = true) => {
    if (show) onClosingRef.current?.();
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div className={`map-overlay map-filter${open ? ' map-filter--open' : ''}`}>
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
        <Part fallback={null}>
          <FilterPopover id={id} onClose={close} map={map} onPick={onPick} onClosingRef={onClosingRef} />
        </Part>
      ) : null}
    </div>
  );
}

// The filter panel over the map: Escape or its close button closes it (focus back on the button).
// Its search lists the matches; picking one closes the panel and opens the monument.
import type { Monument } from '@linz/contract';
import type { Map as LeafletMap } from 'leaflet';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterPanel } from '../../finder/FilterPanel';
import { MapLegend } from '../MapLegend';
import { MonumentSearch } from './MonumentSearch';

type Props = {
  id: string;
  /** `show`: bring the matches into view if the map shows none of them (not after a pick). */
  onClose: (show: boolean) => void;
  map: LeafletMap | null;
  onPick: (monument: Monument) => void;
  onClosingRef: RefObject<(() => void) | null>;
};

export function FilterPopover({ id, onClose, map, onPick, onClosingRef }: Props) {
  const { t } = useTranslation();
  return (
    // Not an interaction: Escape anywhere in the panel closes it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      id={id}
      className="filter-popover"
      aria-labelledby={`${id}-heading`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose(true);
      }}
    >
      <FilterPanel
        headingId={`${id}-heading`}
        search={
          map
            ? (box) => (
                <MonumentSearch
                  {...box}
                  map={map}
                  onPick={(monument) => {
                    onClose(false);
                    onPick(monument);
                  }}
                  onClose={() => onClose(false)}
                  onClosingRef={onClosingRef}
                />
              )
            : undefined
        }
      />
      <MapLegend />
      <button type="button" className="button filter-popover__close" onClick={() => onClose(true)}>
        {t('finder.close')}
      </button>
    </section>
  );
}

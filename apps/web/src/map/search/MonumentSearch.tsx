// The map's search: a combobox (WAI-ARIA's list autocomplete pattern) whose list shows the first
// matches under the field: name, category, and why it matched where the name does not say it.
// Arrow keys move through the list, Enter picks (the map flies there and opens the monument),
// Escape closes the list. When none of the matches is in the map's view, it says so and offers
// to show them.
import type { Monument } from '@linz/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Map as LeafletMap } from 'leaflet';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { langOf } from '../../i18n/languages';
import { fitExtent } from '../flyTo';
import { monumentName } from '../../i18n/monumentName';
import { useCategoryLabel } from '../../finder/FilterPanel';
import { matchesOutside, useMatchesPlace } from './matchesPlace';
import { SearchBox } from '../../finder/SearchBox';
import { monumentFilterSearch } from '@linz/contract/filters';
import { snippet } from './snippet';
import { monumentCountQuery } from '../../api/queries/monumentCount';
import { useFilters } from '../../finder/useFilters';

type Props = {
  label: string;
  map: LeafletMap;
  onChange: (q: string | undefined) => void;
  onPick: (monument: Monument) => void;
  /** Closes the panel (after "show the matches", whose effect it would cover on a phone). */
  onClose: () => void;
  /** Set to what closing the panel does: show the matches if the map shows none of them. */
  onClosingRef: RefObject<(() => void) | null>;
};

export function MonumentSearch({ label, map, onChange, onPick, onClose, onClosingRef }: Props) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.resolvedLanguage);
  const categoryLabel = useCategoryLabel();
  const filters = useFilters();
  const q = filters.q;
  const page = useQuery({ ...monumentCountQuery(filters), enabled: q !== undefined }).data;
  const items = q === undefined ? [] : (page?.items ?? []);
  const more = q === undefined || !page ? 0 : page.total - items.length;
  const place = useMatchesPlace(map, filters);
  const showAll = () => place.extent && void fitExtent(map, place.extent);
  // Closing the panel over an empty map shows the matches (the search's effect stays in sight),
  // unless the visitor has moved the map meanwhile.
  const client = useQueryClient();
  useEffect(() => {
    onClosingRef.current = () => {
      const before = map.getCenter();
      const zoom = map.getZoom();
      matchesOutside(client, map, filters).then(
        (extent) => extent && map.getCenter().equals(before) && map.getZoom() === zoom && void fitExtent(map, extent),
        () => undefined,
      );
    };
    return () => {
      onClosingRef.current = null;
    };
  });

  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);
  // A new query starts with no option active and the list shown.
  const [seenQ, setSeenQ] = useState(q);
  if (seenQ !== q) {
    setSeenQ(q);
    setActive(-1);
    setDismissed(false);
  }
  const expanded = items.length > 0 && !dismissed;
  const listId = useId();
  const hintId = useId();
  const optionId = (i: number) => `${listId}-${i}`;
  const list = useRef<HTMLUListElement>(null);
  // The active option stays in sight (the panel scrolls; on a phone, above the keyboard).
  useEffect(() => {
    if (active >= 0) list.current?.children[active]?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const n = items.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (n === 0) return;
      event.preventDefault();
      setDismissed(false);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (!expanded || i < 0 ? (step > 0 ? 0 : n - 1) : (i + step + n) % n));
    } else if (event.key === 'Enter') {
      // The active option, or the only match.
      const chosen = expanded && active >= 0 ? items[active] : n === 1 && page?.total === 1 ? items[0] : undefined;
      if (!chosen) return;
      event.preventDefault();
      onPick(chosen);
    } else if (event.key === 'Escape' && expanded) {
      // Closes the list only (a second Escape closes the panel); the search field keeps its text.
      event.preventDefault();
      event.stopPropagation();
      setDismissed(true);
      setActive(-1);
    }
  };

  return (
    <div className="finder-combobox">
      <SearchBox
        label={label}
        value={q}
        onChange={onChange}
        combobox={{
          'aria-expanded': expanded,
          'aria-controls': listId,
          'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
          'aria-describedby': hintId,
          onKeyDown,
        }}
      />
      <p id={hintId} className="visually-hidden">
        {t('finder.matches.hint')}
      </p>
      <ul
        id={listId}
        role="listbox"
        ref={list}
        aria-label={t('finder.matches.label')}
        className="finder-matches"
        hidden={!expanded}
      >
        {items.map((monument, i) => {
          const name = monumentName(monument, lang);
          const why = snippet(q ?? '', name, lang === 'en' ? monument.shortDescription_en : monument.shortDescription);
          return (
            // The input keeps the focus (aria-activedescendant); a click picks without taking it.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the input's keys pick
            <li
              key={monument.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className="finder-match"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onPick(monument)}
            >
              <span className="finder-match__name">{name}</span>
              <span className="finder-match__meta">
                {categoryLabel(monument.category)}
                {why ? ` · ${why}` : null}
              </span>
            </li>
          );
        })}
      </ul>
      {expanded && more > 0 ? (
        <Link to="/monuments" search={monumentFilterSearch(filters)} className="finder-matches__more">
          {t('finder.matches.more', { count: more })}
        </Link>
      ) : null}
      {place.outside ? (
        <p className="finder-matches__outside">
          {t('finder.matches.outside')}{' '}
          <button
            type="button"
            className="button"
            onClick={() => {
              showAll();
              onClose();
            }}
          >
            {t('finder.matches.showAll')}
          </button>
        </p>
      ) : null}
    </div>
  );
}

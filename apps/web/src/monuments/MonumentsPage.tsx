// /monuments: the map's accessible alternative. Every monument that passes the address's filters
// (the same panel and parameters as the map), sorted by name, shown a page at a time so that
// 10,000 stay usable; "Mehr anzeigen" moves focus to the first newly shown monument.
import { monumentFilterSearch } from '@linz/contract/filters';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterPanel } from '../finder/FilterPanel';
import type { FilterSearch } from '../finder/search';
import { useFilters } from '../finder/useFilteredMonuments';
import { useQuery } from '@tanstack/react-query';
import { matchesFilters } from '@linz/contract/filters';
import { monumentsQuery } from '../api/queries';
import { langOf } from '../i18n/languages';
import { BackLink } from '../layout/BackLink';
import { monumentName } from '../map/monumentName';
import { MonumentItem } from './MonumentItem';

export const PAGE_SIZE = 50;

export function MonumentsPage() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.resolvedLanguage);
  const filters = useFilters();
  const shown = useQuery(monumentsQuery()).data?.filter((m) => matchesFilters(m, filters));
  const [limit, setLimit] = useState(PAGE_SIZE);
  const firstNew = useRef<HTMLHeadingElement>(null);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const sorted = useMemo(() => {
    const collator = new Intl.Collator(lang);
    return (shown ?? [])
      .map((monument) => ({ monument, name: monumentName(monument, lang) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [shown, lang]);
  const visible = sorted.slice(0, limit);
  const rest = sorted.length - visible.length;
  const search: FilterSearch = monumentFilterSearch(filters);
  // After "Mehr anzeigen" rendered the next page: on to its first monument.
  useEffect(() => {
    if (focusIndex !== null) firstNew.current?.focus();
  }, [focusIndex]);

  return (
    <div className="content">
      <BackLink label={t('interventions.backHome')} />
      <h1>{t('finder.list.headline')}</h1>
      <p className="lead">{t('finder.list.text')}</p>
      <search className="finder-controls">
        <FilterPanel headingId="monuments-filter" />
      </search>
      {shown === undefined ? (
        <p role="status">{t('app.loading')}</p>
      ) : sorted.length === 0 ? (
        <p className="empty">{t('finder.list.none')}</p>
      ) : (
        <ul className="monument-list" aria-label={t('finder.list.headline')}>
          {visible.map(({ monument, name }, index) => (
            <MonumentItem
              key={monument.id}
              heading={index === focusIndex ? firstNew : undefined}
              monument={monument}
              name={name}
              filters={search}
            />
          ))}
        </ul>
      )}
      {rest > 0 ? (
        <button
          type="button"
          className="button monument-list__more"
          onClick={() => {
            setFocusIndex(limit);
            setLimit(limit + PAGE_SIZE);
          }}
        >
          {t('finder.list.more', { count: Math.min(rest, PAGE_SIZE), rest })}
        </button>
      ) : null}
      <BackLink label={t('interventions.backHome')} />
    </div>
  );
}

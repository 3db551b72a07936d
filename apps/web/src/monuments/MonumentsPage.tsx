// /monuments: the map's accessible alternative. Every monument that passes the address's filters
// (the same panel and parameters as the map), a page at a time from the server, so that 50,000 stay
// usable; "Mehr anzeigen" moves focus to the first newly shown monument. The order is the server's:
// the name shown ignoring case and accents (in English, a monument's English name where it has one).
import { monumentFilterSearch } from '@linz/contract/filters';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { monumentPagesQuery } from '../api/queries';
import { FilterPanel } from '../finder/FilterPanel';
import type { FilterSearch } from '../finder/search';
import { useFilters } from '../finder/useFilters';
import { langOf } from '../i18n/languages';
import { BackLink } from '../layout/BackLink';
import { monumentName } from '../i18n/monumentName';
import { MonumentItem } from './MonumentItem';
import { MoreButton, useFocusFirstNew } from './MoreButton';

export function MonumentsPage() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.resolvedLanguage);
  const filters = useFilters();
  const pages = useInfiniteQuery(monumentPagesQuery(filters, lang));
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const total = pages.data?.pages[0]?.total ?? 0;
  const focus = useFocusFirstNew(items.length);
  const search: FilterSearch = monumentFilterSearch(filters);

  return (
    <div className="content">
      <BackLink label={t('proposals.backHome')} />
      <h1>{t('finder.list.headline')}</h1>
      <p className="lead">{t('finder.list.text')}</p>
      <search className="finder-controls">
        <FilterPanel headingId="monuments-filter" />
      </search>
      {pages.isPending ? (
        <p role="status">{t('app.loading')}</p>
      ) : items.length === 0 ? (
        <p className="empty">{t('finder.list.none')}</p>
      ) : (
        <ul className="monument-list" aria-label={t('finder.list.headline')}>
          {items.map((monument, index) => (
            <MonumentItem
              key={monument.id}
              heading={focus.headingAt(index)}
              monument={monument}
              name={monumentName(monument, lang)}
              filters={search}
            />
          ))}
        </ul>
      )}
      <MoreButton labelKey="finder.list.more" rest={total - items.length} pages={pages} focus={focus} />
      <BackLink label={t('proposals.backHome')} />
    </div>
  );
}

// The monument filters (category, who is commemorated, has proposals, validated) and the search,
// shared by the map's filter panel and /monuments. Every change goes to the address at once.
import { ClearAll } from './ClearAll';
import { SEXES } from '@linz/contract/facts';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResultCount } from './ResultCount';
import { SearchBox } from './SearchBox';
import { validateHomeSearch } from './search';
import { useFilters, useMonumentCounts } from './useFilters';
import { toggled, useReplaceSearch } from './useReplaceSearch';
import './finder.css';

const CLEARED = { category: undefined, sex: undefined, proposals: undefined, validated: undefined, q: undefined };

/** A category's label: translated where known ("street" → "Straße"), else as the data spells it. */
export function useCategoryLabel() {
  const { t } = useTranslation();
  return (category: string) => t(`finder.categories.${category}`, { defaultValue: category });
}

type Props = {
  headingId: string;
  /** The search field, where it is more than a field (the map's, with its list of matches). */
  search?: ((box: { label: string; onChange: (q: string | undefined) => void }) => ReactNode) | undefined;
};

export function FilterPanel({ headingId, search }: Props) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const filters = useFilters();
  const { shown, total, categories: known, filtered } = useMonumentCounts();
  // The home page's parameters are the filters plus the map's link; /monuments has only the filters.
  const replace = useReplaceSearch(validateHomeSearch);
  const categoryLabel = useCategoryLabel();
  // The categories the data has, plus any asked for in the address (so it can be unticked).
  const categories = useMemo(() => {
    const seen = new Map<string, string>();
    for (const c of [...known, ...(filters.category ?? [])]) if (!seen.has(c.toLowerCase())) seen.set(c.toLowerCase(), c);
    // In the order of the names the visitor reads.
    return [...seen.values()].sort((a, b) => categoryLabel(a).localeCompare(categoryLabel(b), lang));
  }, [known, filters.category, categoryLabel, lang]);
  const hasCategory = (c: string) => !!filters.category?.some((f) => f.toLowerCase() === c.toLowerCase());
  const validated = filters.validated === undefined ? 'all' : filters.validated ? '1' : '0';

  return (
    <div className="filter-panel">
      <h2 id={headingId} className="filter-panel__heading">
        {t('finder.filter')}
      </h2>
      <ResultCount shown={shown ?? 0} total={shown === undefined ? undefined : total} filtered={filtered} noun="monuments" />
      {search ? (
        search({ label: t('finder.search'), onChange: (q) => replace({ q }) })
      ) : (
        <SearchBox label={t('finder.search')} value={filters.q} onChange={(q) => replace({ q })} />
      )}
      <fieldset className="filter-panel__group">
        <legend>{t('finder.category')}</legend>
        {categories.map((c) => (
          <label key={c} className="filter-panel__option">
            <input
              type="checkbox"
              checked={hasCategory(c)}
              onChange={(e) => replace({ category: toggled(filters.category, c, e.target.checked) })}
            />
            {categoryLabel(c)}
          </label>
        ))}
      </fieldset>
      <fieldset className="filter-panel__group">
        <legend>{t('finder.commemorates')}</legend>
        {SEXES.map((s) => (
          <label key={s} className="filter-panel__option">
            <input
              type="checkbox"
              checked={!!filters.sex?.includes(s)}
              onChange={(e) => replace({ sex: toggled(filters.sex, s, e.target.checked) })}
            />
            {t(`finder.sexes.${s}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="filter-panel__group">
        <legend>{t('finder.validated')}</legend>
        {(['all', '1', '0'] as const).map((v) => (
          <label key={v} className="filter-panel__option">
            <input
              type="radio"
              name={`${headingId}-validated`}
              checked={validated === v}
              onChange={() => replace({ validated: v === 'all' ? undefined : v })}
            />
            {t(`finder.validatedOption.${v}`)}
          </label>
        ))}
      </fieldset>
      <label className="filter-panel__option">
        <input
          type="checkbox"
          checked={!!filters.proposals}
          onChange={(e) => replace({ proposals: e.target.checked ? '1' : undefined })}
        />
        {t('finder.hasProposals')}
      </label>
      <ClearAll
        active={Object.keys(CLEARED).some((k) => filters[k as keyof typeof CLEARED] !== undefined)}
        onClear={() => replace(CLEARED)}
      />
    </div>
  );
}

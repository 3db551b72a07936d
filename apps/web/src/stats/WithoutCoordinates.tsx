// Items to women that have no position yet: not on the map, so not among the monuments above;
// said how many and where they are counted instead.
import type { Stats } from '@linz/contract';
import { useTranslation } from 'react-i18next';
import { formatCount } from './format';
import { StatsTable } from './StatsTable';

export function WithoutCoordinates({ items }: { items: Stats['monuments']['withoutCoordinates'] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const categories = Object.entries(items.byCategory).sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  return (
    <section aria-labelledby="stats-without">
      <h2 id="stats-without">{t('stats.without.headline')}</h2>
      <p>{t('stats.without.intro', { total: formatCount(items.total, lang) })}</p>
      <StatsTable caption={t('stats.without.tableCaption')}>
        <thead>
          <tr>
            <th scope="col">{t('stats.monuments.categoryColumn')}</th>
            <th scope="col">{t('stats.without.countColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {categories.map(([c, n]) => (
            <tr key={c}>
              <th scope="row">{t(`finder.categories.${c}`, { defaultValue: c })}</th>
              <td>{formatCount(n, lang)}</td>
            </tr>
          ))}
        </tbody>
      </StatsTable>
      {/* Register streets without a place are counted in the coverage above; this says where. */}
      <p>{t((items.byCategory.street ?? 0) > 0 ? 'stats.without.where' : 'stats.without.streetsElsewhere')}</p>
    </section>
  );
}

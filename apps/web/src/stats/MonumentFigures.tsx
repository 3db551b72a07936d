// Monuments on the map by who they commemorate, overall and by category. Shares are of the
// monuments that commemorate people; those that do not, and those not known yet, are counted apart.
import type { SexCounts } from '@linz/contract';
import { peopleOf } from '@linz/contract/shares';
import { useTranslation } from 'react-i18next';
import { BarChart, type BarRow } from './BarChart';
import { countWithShare, formatCount } from './format';
import { StatsTable } from './StatsTable';

const PEOPLE = ['female', 'male', 'mixed'] as const;
const APART = ['none', 'unspecified'] as const;

export function MonumentFigures({
  total,
  bySex,
  byCategory,
}: {
  total: number;
  bySex: SexCounts;
  byCategory: Record<string, SexCounts>;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const sexName = (s: string) => t(`stats.sex.${s}`);
  const categoryName = (c: string) => t(`finder.categories.${c}`, { defaultValue: c });
  const rowOf = (label: string, c: SexCounts): BarRow => ({
    label,
    segments: PEOPLE.map((s) => ({ series: s, label: sexName(s), count: c[s], value: countWithShare(c[s], peopleOf(c), lang) })),
  });
  const overall = rowOf(t('stats.monuments.all'), bySex);
  const categories = Object.entries(byCategory).sort(([a, x], [b, y]) => peopleOf(y) - peopleOf(x) || a.localeCompare(b));
  const summaryOf = (row: BarRow) => row.segments.map((s) => `${s.label} ${s.value}`).join(', ');
  return (
    <section aria-labelledby="stats-monuments">
      <h2 id="stats-monuments">{t('stats.monuments.headline')}</h2>
      <p>
        {t('stats.monuments.intro', {
          total: formatCount(total, lang),
          people: formatCount(peopleOf(bySex), lang),
          none: formatCount(bySex.none, lang),
          unspecified: formatCount(bySex.unspecified, lang),
        })}
      </p>
      <BarChart
        summary={t('stats.monuments.chartSummary', { figures: summaryOf(overall) })}
        rows={[overall]}
        table={
          <StatsTable caption={t('stats.monuments.tableCaption')}>
            <thead>
              <tr>
                <th scope="col">{t('stats.monuments.whoColumn')}</th>
                <th scope="col">{t('stats.monuments.countColumn')}</th>
              </tr>
            </thead>
            <tbody>
              {PEOPLE.map((s) => (
                <tr key={s}>
                  <th scope="row">{sexName(s)}</th>
                  <td>{countWithShare(bySex[s], peopleOf(bySex), lang)}</td>
                </tr>
              ))}
              {APART.map((s) => (
                <tr key={s}>
                  <th scope="row">{sexName(s)}</th>
                  <td>{formatCount(bySex[s], lang)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row">{t('stats.monuments.total')}</th>
                <td>{formatCount(total, lang)}</td>
              </tr>
            </tbody>
          </StatsTable>
        }
      />
      <h3>{t('stats.monuments.byCategory')}</h3>
      <BarChart
        summary={t('stats.monuments.categorySummary', {
          figures: categories.map(([c, counts]) => `${categoryName(c)}: ${summaryOf(rowOf(c, counts))}`).join('; '),
        })}
        rows={categories.map(([c, counts]) => rowOf(categoryName(c), counts))}
        table={
          <StatsTable caption={t('stats.monuments.categoryCaption')}>
            <thead>
              <tr>
                <th scope="col">{t('stats.monuments.categoryColumn')}</th>
                {[...PEOPLE, ...APART].map((s) => (
                  <th scope="col" key={s}>
                    {sexName(s)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {categories.map(([c, counts]) => (
                <tr key={c}>
                  <th scope="row">{categoryName(c)}</th>
                  {PEOPLE.map((s) => (
                    <td key={s}>{countWithShare(counts[s], peopleOf(counts), lang)}</td>
                  ))}
                  {APART.map((s) => (
                    <td key={s}>{formatCount(counts[s], lang)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </StatsTable>
        }
      />
    </section>
  );
}

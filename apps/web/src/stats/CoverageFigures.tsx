// Where the commemorations are (issue 54): of the streets found in the city's register to be named
// after a person, and of every commemoration, how many are placed from the city's data, placed by
// citizens (confirmed by the city), or not yet placed, by whom they honour. A table, with a
// sentence on what the figures can claim.
import type { CoverageByGender, Stats } from '@linz/contract';
import { useTranslation } from 'react-i18next';
import { formatCount } from './format';
import { StatsTable } from './StatsTable';

const GENDERS = ['female', 'male', 'unknown'] as const;
const HOW = ['sources', 'citizens', 'unplaced'] as const;

function CoverageTable({ caption, figures }: { caption: string; figures: CoverageByGender }) {
  const { t, i18n } = useTranslation();
  const n = (x: number) => formatCount(x, i18n.language);
  const sum = (g: (typeof GENDERS)[number]) => HOW.reduce((s, h) => s + figures[g][h], 0);
  return (
    <StatsTable caption={caption}>
      <thead>
        <tr>
          <th scope="col">{t('commemoration.coverage.honours')}</th>
          {HOW.map((h) => (
            <th key={h} scope="col">
              {t(`commemoration.coverage.${h}`)}
            </th>
          ))}
          <th scope="col">{t('commemoration.coverage.total')}</th>
        </tr>
      </thead>
      <tbody>
        {GENDERS.map((g) => (
          <tr key={g}>
            <th scope="row">{t(`commemoration.coverage.gender.${g}`)}</th>
            {HOW.map((h) => (
              <td key={h}>{n(figures[g][h])}</td>
            ))}
            <td>{n(sum(g))}</td>
          </tr>
        ))}
      </tbody>
    </StatsTable>
  );
}

export function CoverageFigures({ coverage }: { coverage: Stats['coverage'] }) {
  const { t, i18n } = useTranslation();
  const streets = coverage.streets;
  const total = GENDERS.reduce((s, g) => s + HOW.reduce((x, h) => x + streets[g][h], 0), 0);
  const placed = GENDERS.reduce((s, g) => s + streets[g].sources + streets[g].citizens, 0);
  return (
    <section aria-labelledby="stats-coverage">
      <h2 id="stats-coverage">{t('commemoration.coverage.headline')}</h2>
      <p>
        {t('commemoration.coverage.intro', {
          total: formatCount(total, i18n.language),
          placed: formatCount(placed, i18n.language),
        })}
      </p>
      <CoverageTable caption={t('commemoration.coverage.streetsCaption')} figures={streets} />
      <CoverageTable caption={t('commemoration.coverage.allCaption')} figures={coverage.all} />
      <p className="stats-credit">{t('commemoration.coverage.claim')}</p>
    </section>
  );
}

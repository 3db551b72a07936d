// The city's street names by who they are named after (counted from its register at seed time),
// credited as its licence requires.
import type { Stats } from '@linz/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { clientConfigQuery } from '../api/queries';
import { BarChart } from './BarChart';
import { countWithShare, formatCount } from './format';
import { StatsTable } from './StatsTable';

export function StreetFigures({ streets }: { streets: Stats['streets'] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  // The register's source as the city profile names it (streetRegisterSource).
  const source = useQuery(clientConfigQuery()).data?.city.streetSource;
  const known = streets.female + streets.male;
  const total = known + streets.unknown;
  const segments = (['female', 'male'] as const).map((s) => ({
    series: s,
    label: t(`stats.streets.${s}`),
    count: streets[s],
    value: countWithShare(streets[s], known, lang),
  }));
  return (
    <section aria-labelledby="stats-streets">
      <h2 id="stats-streets">{t('stats.streets.headline')}</h2>
      <p>
        {t('stats.streets.intro', {
          total: formatCount(total, lang),
          known: formatCount(known, lang),
          unknown: formatCount(streets.unknown, lang),
        })}
      </p>
      <BarChart
        summary={t('stats.streets.chartSummary', { figures: segments.map((s) => `${s.label} ${s.value}`).join(', ') })}
        rows={[{ label: t('stats.streets.headline'), segments }]}
        table={
          <StatsTable caption={t('stats.streets.tableCaption')}>
            <thead>
              <tr>
                <th scope="col">{t('stats.streets.namedAfter')}</th>
                <th scope="col">{t('stats.streets.countColumn')}</th>
              </tr>
            </thead>
            <tbody>
              {segments.map((s) => (
                <tr key={s.series}>
                  <th scope="row">{s.label}</th>
                  <td>{s.value}</td>
                </tr>
              ))}
              <tr>
                <th scope="row">{t('stats.streets.unknown')}</th>
                <td>{formatCount(streets.unknown, lang)}</td>
              </tr>
              <tr>
                <th scope="row">{t('stats.streets.total')}</th>
                <td>{formatCount(total, lang)}</td>
              </tr>
            </tbody>
          </StatsTable>
        }
      />
      {source && (
        <p className="stats-credit">
          {t('stats.streets.creditBefore')} <a href={source.url}>{source.name}</a>, {t('stats.streets.licence')}{' '}
          {source.licenceUrl ? <a href={source.licenceUrl}>{source.licence}</a> : source.licence}
        </p>
      )}
    </section>
  );
}

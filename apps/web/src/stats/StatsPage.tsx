// /stats: how many of those the city commemorates are women, on the map and in its street names, and
// what citizens propose. Loaded on demand; every chart is followed by its table.
import { APP_PATHS } from '@linz/contract/facts';
import { formatPercent, womenShareOfMonuments, womenShareOfStreets } from '@linz/contract/shares';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../layout/BackLink';
import { ShareButton } from '../share/ShareButton';
import { CoverageFigures } from './CoverageFigures';
import { MonumentFigures } from './MonumentFigures';
import { ParticipationFigures } from './ParticipationFigures';
import { PatternDefs } from './patterns';
import { statsQuery } from '../api/queries/stats';
import { shownParts } from './shown';
import { StreetFigures } from './StreetFigures';
import { WithoutCoordinates } from './WithoutCoordinates';
import './stats.css';

export function StatsPage() {
  const { t, i18n } = useTranslation();
  const stats = useQuery(statsQuery());
  const lang = i18n.language;
  const percent = (share: number | null) => (share === null ? t('stats.noShare') : formatPercent(share, lang));
  const data = stats.data;
  const parts = data && shownParts(data);
  const headlines = data && [
    t('stats.headlineMonuments', { share: percent(womenShareOfMonuments(data.monuments.bySex)) }),
    ...(parts?.register ? [t('stats.headlineStreets', { share: percent(womenShareOfStreets(data.streets)) })] : []),
  ];
  return (
    <div className="content stats">
      <BackLink label={t('stats.back')} />
      <h1>{t('stats.title')}</h1>
      {!data || !headlines ? (
        <p role="status">{stats.isError ? t('stats.error') : t('app.loading')}</p>
      ) : (
        <>
          <ul className="stats-headlines">
            {headlines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <ShareButton
            label={t('stats.share.button')}
            title={t('stats.title')}
            text={headlines.join('. ')}
            url={new URL(APP_PATHS.stats, window.location.origin).href}
            confirmations={{ shared: t('stats.share.shared'), copied: t('stats.share.copied'), failed: t('stats.share.failed') }}
          />
          <PatternDefs />
          <MonumentFigures total={data.monuments.total} bySex={data.monuments.bySex} byCategory={data.monuments.byCategory} />
          {parts?.register ? (
            <>
              <StreetFigures streets={data.streets} />
              <CoverageFigures coverage={data.coverage} />
            </>
          ) : null}
          {parts?.withoutPlace ? <WithoutCoordinates items={data.monuments.withoutCoordinates} /> : null}
          <ParticipationFigures participation={data.participation} />
        </>
      )}
    </div>
  );
}

// What citizens propose and how the city answers: totals, the mayor's threshold, answers, and the
// proposals and votes of the last weeks.
import type { Stats } from '@linz/contract';
import { useTranslation } from 'react-i18next';
import { useVoteThreshold } from '../api/queries/voteThreshold';
import { formatCount, formatDay, isoWeek } from './format';
import { WeekChart } from './WeekChart';
import { StatsTable } from './StatsTable';

/** Weeks the timeline shows: enough to see a trend, few enough to stay readable on a phone. */
const WEEKS_SHOWN = 10;

export function ParticipationFigures({ participation: p }: { participation: Stats['participation'] }) {
  const { t, i18n } = useTranslation();
  const threshold = useVoteThreshold();
  const lang = i18n.language;
  const weeks = p.weeks.slice(-WEEKS_SHOWN).map((w) => ({
    key: w.week,
    label: t('stats.participation.weekShort', { week: isoWeek(w.week) }),
    day: formatDay(w.week, t),
    proposals: w.proposals,
    votes: w.votes,
  }));
  const names = { proposals: t('stats.participation.proposals'), votes: t('stats.participation.votes') };
  const facts: [string, string][] = [
    [names.proposals, formatCount(p.proposals, lang)],
    [names.votes, formatCount(p.votes, lang)],
    [t('stats.participation.reached', { threshold }), formatCount(p.reachedThreshold, lang)],
    [t('stats.participation.answered'), formatCount(p.answered, lang)],
    [
      t('stats.participation.median'),
      p.medianDaysToAnswer === null
        ? t('stats.participation.noAnswerYet')
        : t('stats.participation.days', { count: p.medianDaysToAnswer, days: formatCount(p.medianDaysToAnswer, lang) }),
    ],
  ];
  return (
    <section aria-labelledby="stats-participation">
      <h2 id="stats-participation">{t('stats.participation.headline')}</h2>
      <dl className="stats-facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3>{t('stats.participation.timeline', { count: weeks.length })}</h3>
      {weeks.length === 0 ? (
        <p>{t('stats.participation.noWeeks')}</p>
      ) : (
        <WeekChart
          summary={t('stats.participation.chartSummary', {
            figures: weeks.map((w) => `${w.day}: ${w.proposals} ${names.proposals}, ${w.votes} ${names.votes}`).join('; '),
          })}
          weeks={weeks}
          names={names}
          table={
            <StatsTable caption={t('stats.participation.tableCaption')}>
              <thead>
                <tr>
                  <th scope="col">{t('stats.participation.weekOf')}</th>
                  <th scope="col">{names.proposals}</th>
                  <th scope="col">{names.votes}</th>
                </tr>
              </thead>
              <tbody>
                {weeks.map((w) => (
                  <tr key={w.key}>
                    <th scope="row">
                      {w.label} ({w.day})
                    </th>
                    <td>{w.proposals}</td>
                    <td>{w.votes}</td>
                  </tr>
                ))}
              </tbody>
            </StatsTable>
          }
        />
      )}
    </section>
  );
}

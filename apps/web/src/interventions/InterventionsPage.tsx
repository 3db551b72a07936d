// /interventions: every proposal, matched to its monument by monumentId, searched, filtered by
// status and sorted as the address says.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { interventionKey } from '../api/normalise';
import { allInterventionsQuery, monumentsQuery } from '../api/queries';
import { BackLink } from '../layout/BackLink';
import { InterventionControls } from './InterventionControls';
import { InterventionItem } from './InterventionItem';
import { searchInterventions, useInterventionSearch } from './useInterventionSearch';

export function InterventionsPage() {
  const { t } = useTranslation();
  const interventions = useQuery(allInterventionsQuery());
  const monuments = useQuery(monumentsQuery());
  const byId = useMemo(() => new Map((monuments.data ?? []).map((m) => [m.id, m])), [monuments.data]);
  const search = useInterventionSearch();
  const all = interventions.data;
  const list = useMemo(() => searchInterventions(all ?? [], byId, search), [all, byId, search]);
  return (
    <div className="content">
      <BackLink label={t('interventions.backHome')} />
      <h1>{t('interventions.headline')}</h1>
      <p className="lead">{t('interventions.text')}</p>
      <InterventionControls search={search} shown={list.length} total={all?.length} />
      {interventions.isPending ? (
        <p role="status">{t('app.loading')}</p>
      ) : list.length === 0 ? (
        <p className="empty">{all?.length ? t('finder.proposals.none') : t('interventions.none')}</p>
      ) : (
        <ul className="intervention-list">
          {list.map((item, index) => (
            <InterventionItem key={interventionKey(item, index)} intervention={item} monument={byId.get(item.monumentId)} />
          ))}
        </ul>
      )}
      <BackLink label={t('interventions.backHome')} />
    </div>
  );
}

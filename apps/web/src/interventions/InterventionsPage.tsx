// /interventions: every proposal, matched to its monument by monumentId.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { interventionKey } from '../api/normalise';
import { allInterventionsQuery, monumentsQuery } from '../api/queries';
import { BackLink } from '../layout/BackLink';
import { InterventionItem } from './InterventionItem';

export function InterventionsPage() {
  const { t } = useTranslation();
  const interventions = useQuery(allInterventionsQuery());
  const monuments = useQuery(monumentsQuery());
  const byId = useMemo(() => new Map((monuments.data ?? []).map((m) => [m.id, m])), [monuments.data]);
  const list = interventions.data ?? [];
  return (
    <div className="content">
      <BackLink label={t('interventions.backHome')} />
      <h1>{t('interventions.headline')}</h1>
      <p className="lead">{t('interventions.text')}</p>
      {interventions.isPending ? (
        <p role="status">{t('app.loading')}</p>
      ) : list.length === 0 ? (
        <p className="empty">{t('interventions.none')}</p>
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

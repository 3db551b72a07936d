// Open vote alerts, shown first in /admin: which proposal, what was seen (as text), from which
// network ("Netz A", never an address), how many votes and since when; "Check" opens its review.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AdminTable, hiddenHeading } from '../AdminTable';
import { errorText } from '../errors';
import { useFormatTime } from '../format';
import { useTRPC } from '../trpc';

export function VoteAlerts({ onReview }: { onReview: (proposalId: number) => void }) {
  const { t } = useTranslation();
  const time = useFormatTime();
  const trpc = useTRPC();
  const alerts = useQuery(trpc.votes.alerts.queryOptions());
  const list = alerts.data ?? [];
  return (
    <section className="admin-section vote-alerts" aria-labelledby="vote-alerts-h">
      <h2 id="vote-alerts-h">{t('admin.votes.alertsTitle')}</h2>
      {alerts.isError && <p className="feedback feedback--error">{errorText(t, alerts.error)}</p>}
      {list.length > 0 ? (
        <AdminTable
          caption={t('admin.votes.alertsCaption')}
          head={[
            t('admin.votes.proposal'),
            t('admin.votes.kind'),
            t('admin.votes.network'),
            t('admin.votes.votes'),
            t('admin.votes.openedAt'),
            hiddenHeading(t('admin.votes.actions')),
          ]}
        >
          {list.map((a) => (
            <tr key={a.id}>
              <th scope="row">{a.proposalName}</th>
              <td>{t(`admin.votes.kinds.${a.kind}`)}</td>
              <td>{a.network === null ? '–' : t('admin.votes.networkLabel', { label: a.network })}</td>
              <td>{a.votes}</td>
              <td>{time(a.openedAt)}</td>
              <td>
                <button
                  type="button"
                  className="button"
                  aria-label={t('admin.votes.reviewLabel', { name: a.proposalName })}
                  onClick={() => onReview(a.proposalId)}
                >
                  {t('admin.votes.review')}
                </button>
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : null}
      <p role="status">{alerts.isPending ? t('app.loading') : list.length === 0 ? t('admin.votes.noAlerts') : ''}</p>
    </section>
  );
}

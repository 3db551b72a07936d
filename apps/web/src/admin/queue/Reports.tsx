// The open reports on an item: reason and comment (the comment is a visitor's text: shown as text).
import type { QueueReport } from '@linz/contract';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '../format';

export function Reports({ reports }: { reports: readonly QueueReport[] }) {
  const { t } = useTranslation();
  const time = useFormatTime();
  if (reports.length === 0) return null;
  return (
    <div className="admin-reports">
      <h4>{t('admin.reports.title', { count: reports.length })}</h4>
      <ul>
        {reports.map((report, index) => (
          <li key={`${report.createdAt}-${index}`}>
            <strong>{t(`admin.reasons.${report.reason}`)}</strong> ({time(report.createdAt)})
            {report.comment && <q className="admin-reports__comment">{report.comment}</q>}
          </li>
        ))}
      </ul>
    </div>
  );
}

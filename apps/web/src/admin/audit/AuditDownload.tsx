// The CSV export of what the filters select: a plain link (the session cookie goes with it), its
// file named and its header row and words in the staff member's language.
import { PATHS } from '@linz/contract/facts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Filters } from './AuditFilters';

export function AuditDownload({ filters }: { filters: Filters }) {
  const { t, i18n } = useTranslation();
  const hint = useId();
  const query = new URLSearchParams({ ...filters, lang: i18n.language.startsWith('en') ? 'en' : 'de' });
  return (
    <p className="audit-download">
      <a
        className="button"
        href={`${PATHS.staffAuditCsv}?${query.toString()}`}
        download={t('admin.audit.csvFile')}
        aria-describedby={hint}
      >
        {t('admin.audit.download')}
      </a>{' '}
      <span id={hint} className="admin-hint">
        {t('admin.audit.downloadHint')}
      </span>
    </p>
  );
}

// The audit log: newest first, filtered, one page at a time ("older" follows the server's cursor).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../AdminTable';
import { errorText } from '../errors';
import { formatTime, formatValue } from '../format';
import { useTRPC } from '../trpc';
import { AuditFilters, type Filters } from './AuditFilters';

const PAGE = 50;

export function AuditLog() {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const [filters, setFilters] = useState<Filters>({});
  // The cursors of the pages before this one, so "newer" can go back.
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const before = cursors[cursors.length - 1];
  const page = useQuery(trpc.staff.audit.list.queryOptions({ ...filters, limit: PAGE, ...(before ? { before } : {}) }));
  const entries = page.data?.entries ?? [];
  const next = page.data?.next ?? null;
  return (
    <section className="admin-section" aria-labelledby="audit-h">
      <h2 id="audit-h">{t('admin.audit.title')}</h2>
      <AuditFilters
        onApply={(f) => {
          setFilters(f);
          setCursors([undefined]);
        }}
      />
      {page.isError && <p className="feedback feedback--error">{errorText(t, page.error)}</p>}
      <AdminTable
        caption={t('admin.audit.caption')}
        head={[
          t('admin.audit.when'),
          t('admin.audit.actor'),
          t('admin.audit.action'),
          t('admin.audit.item'),
          t('admin.audit.before'),
          t('admin.audit.after'),
        ]}
      >
        {entries.map((e) => (
          <tr key={e.id}>
            <th scope="row">{formatTime(e.at, i18n.language)}</th>
            <td>{e.actor}</td>
            <td>{e.action}</td>
            <td>
              {t(`admin.kinds.${e.itemKind}`)} <code>{e.itemId}</code>
            </td>
            <td>
              <pre>{formatValue(e.before)}</pre>
            </td>
            <td>
              <pre>{formatValue(e.after)}</pre>
            </td>
          </tr>
        ))}
      </AdminTable>
      <p role="status">{page.isPending ? t('app.loading') : entries.length === 0 ? t('admin.audit.none') : ''}</p>
      <div className="admin-actions">
        <button type="button" className="button" disabled={cursors.length === 1} onClick={() => setCursors(cursors.slice(0, -1))}>
          {t('admin.audit.newer')}
        </button>
        <button
          type="button"
          className="button"
          disabled={next === null}
          onClick={() => next !== null && setCursors([...cursors, next])}
        >
          {t('admin.audit.older')}
        </button>
      </div>
    </section>
  );
}

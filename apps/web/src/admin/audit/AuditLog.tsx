// The audit log: newest first, filtered, one page at a time ("older" follows the server's cursor).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
      {/* The table scrolls sideways on a phone: keyboard users reach it to scroll (axe scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take the focus */}
      <div className="admin-table-wrap" tabIndex={0} role="region" aria-labelledby="audit-h">
        <table className="admin-table">
          <caption>{t('admin.audit.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.audit.when')}</th>
              <th scope="col">{t('admin.audit.actor')}</th>
              <th scope="col">{t('admin.audit.action')}</th>
              <th scope="col">{t('admin.audit.item')}</th>
              <th scope="col">{t('admin.audit.before')}</th>
              <th scope="col">{t('admin.audit.after')}</th>
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
      </div>
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

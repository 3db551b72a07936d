// The audit log: newest first, filtered, one page at a time ("older" follows the server's cursor).
// Each entry reads as a sentence: who did what to which item, and only the fields it changed. An
// entry that recorded values offers to remove personal data from every entry about its item.
import { actionText, actorText, describeChange, formatAuditTime, type AuditChange } from '@linz/contract/audit';
import type { AuditEntry } from '@linz/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable } from '../AdminTable';
import { errorText } from '../errors';
import { useCityTimeZone } from '../format';
import { useTRPC } from '../trpc';
import { AuditDownload } from './AuditDownload';
import { AuditFilters, type Filters } from './AuditFilters';
import { useLookup } from './lookup';
import { RedactDialog } from './RedactDialog';

const PAGE = 50;

export function AuditLog() {
  const { t } = useTranslation();
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
      <AuditDownload filters={filters} />
      {page.isError && <p className="feedback feedback--error">{errorText(t, page.error)}</p>}
      <AdminTable
        caption={t('admin.audit.caption')}
        head={[
          t('admin.audit.when'),
          t('admin.audit.actor'),
          t('admin.audit.action'),
          t('admin.audit.item'),
          t('admin.audit.changes'),
        ]}
      >
        {entries.map((e) => (
          <AuditRow key={e.id} entry={e} />
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

/** An entry as the page reads it (tRPC's types make the logged values optional). */
type Entry = Pick<AuditEntry, 'id' | 'at' | 'actor' | 'action' | 'itemKind' | 'itemId' | 'itemName'> & {
  changes: (Partial<AuditChange> & { field: string })[];
};

function AuditRow({ entry: e }: { entry: Entry }) {
  const { t, i18n } = useTranslation();
  const lookup = useLookup();
  // Times as the city's clocks show them (its profile's time zone), wherever staff sit.
  const timeZone = useCityTimeZone();
  const [redacting, setRedacting] = useState(false);
  const item = `${t(`admin.kinds.${e.itemKind}`)} ${e.itemId}`;
  const changes = e.changes.map((c) => ({
    ...describeChange(e.itemKind, c, i18n.language, lookup, timeZone),
    // Struck through: a value that was replaced (an empty one was not).
    replaced: c.before !== null && c.before !== undefined && c.before !== '',
  }));
  return (
    <tr>
      <th scope="row">{formatAuditTime(e.at, i18n.language, timeZone)}</th>
      <td>{actorText(e.actor, lookup)}</td>
      <td>{actionText(e.action, lookup)}</td>
      <td>
        {t(`admin.kinds.${e.itemKind}`)} <code>{e.itemId}</code>
        {e.itemName !== null && <span className="audit-item-name">{e.itemName}</span>}
      </td>
      <td>
        {changes.length === 0 ? (
          t('admin.audit.noChanges')
        ) : (
          <ul className="audit-changes">
            {changes.map((c) => (
              // Read aloud as "Field: before Old after New"; the arrow is for the eye.
              <li key={c.field}>
                <span className="audit-changes__field">{c.field}:</span>{' '}
                <span className="visually-hidden">{t('admin.audit.before')} </span>
                <span className={c.replaced ? 'audit-changes__before' : undefined}>{c.before}</span>{' '}
                <span aria-hidden="true">→</span> <span className="visually-hidden">{t('admin.audit.after')} </span>
                <span className="audit-changes__after">{c.after}</span>
              </li>
            ))}
          </ul>
        )}
        {changes.length > 0 && (
          <button type="button" className="button audit-redact" onClick={() => setRedacting(true)}>
            {t('admin.audit.redact.open')}
          </button>
        )}
        {redacting && <RedactDialog entryId={e.id} item={item} onClose={() => setRedacting(false)} />}
      </td>
    </tr>
  );
}

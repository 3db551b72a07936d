// The audit log's filters; applied on submit so typing does not query on every key.
import type { AuditFilter } from '@linz/contract';
import { actionText, AUDIT_ACTION_KEYS } from '@linz/contract/audit';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ITEM_KINDS } from '../lists';
import { useLookup } from './lookup';

export type Filters = Pick<AuditFilter, 'actor' | 'action' | 'itemKind' | 'item'>;
type Draft = { actor: string; action: string; itemKind: string; item: string };

const isAction = (v: string): v is NonNullable<Filters['action']> => (AUDIT_ACTION_KEYS as readonly string[]).includes(v);
const isKind = (v: string): v is NonNullable<Filters['itemKind']> => (ITEM_KINDS as readonly string[]).includes(v);

function filtersOf(draft: Draft): Filters {
  const filters: Filters = {};
  if (draft.actor.trim()) filters.actor = draft.actor.trim();
  if (isAction(draft.action)) filters.action = draft.action;
  if (isKind(draft.itemKind)) filters.itemKind = draft.itemKind;
  if (draft.item.trim()) filters.item = draft.item.trim();
  return filters;
}

export function AuditFilters({ onApply }: { onApply: (filters: Filters) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const lookup = useLookup();
  const [draft, setDraft] = useState<Draft>({ actor: '', action: '', itemKind: '', item: '' });
  const set = (key: keyof Draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value });
  return (
    <form
      className="admin-filters"
      aria-label={t('admin.audit.filters')}
      onSubmit={(event) => {
        event.preventDefault();
        onApply(filtersOf(draft));
      }}
    >
      <div className="admin-field">
        <label htmlFor={`${id}-actor`}>{t('admin.audit.actor')}</label>
        <input id={`${id}-actor`} value={draft.actor} onChange={set('actor')} />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-action`}>{t('admin.audit.action')}</label>
        <select id={`${id}-action`} value={draft.action} onChange={set('action')}>
          <option value="">{t('admin.audit.any')}</option>
          {AUDIT_ACTION_KEYS.map((a) => (
            <option key={a} value={a}>
              {actionText(a, lookup)}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-kind`}>{t('admin.audit.itemKind')}</label>
        <select id={`${id}-kind`} value={draft.itemKind} onChange={set('itemKind')}>
          <option value="">{t('admin.audit.any')}</option>
          {ITEM_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`admin.kinds.${k}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-item`}>{t('admin.audit.itemFilter')}</label>
        <input id={`${id}-item`} value={draft.item} onChange={set('item')} />
      </div>
      <button type="submit" className="button">
        {t('admin.audit.apply')}
      </button>
    </form>
  );
}

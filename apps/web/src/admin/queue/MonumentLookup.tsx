// Opens any monument by its id (a rejected one, or one named in the audit log), in any state.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../errors';
import { useTRPC } from '../trpc';
import { MonumentCard } from './MonumentCard';

export function MonumentLookup() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const id = useId();
  const [draft, setDraft] = useState('');
  const [monumentId, setMonumentId] = useState<string | null>(null);
  const found = useQuery({
    ...trpc.staff.monuments.get.queryOptions({ monumentId: monumentId ?? '' }),
    enabled: monumentId !== null,
  });
  return (
    <section className="admin-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('admin.lookup.title')}</h2>
      <form
        className="admin-filters"
        onSubmit={(event) => {
          event.preventDefault();
          setMonumentId(draft.trim() || null);
        }}
      >
        <div className="admin-field">
          <label htmlFor={id}>{t('admin.lookup.id')}</label>
          <input id={id} required value={draft} onChange={(e) => setDraft(e.target.value)} />
        </div>
        <button type="submit" className="button">
          {t('admin.lookup.open')}
        </button>
      </form>
      {found.isError && <p className="feedback feedback--error">{errorText(t, found.error)}</p>}
      {found.data && <MonumentCard monument={found.data} />}
    </section>
  );
}

// Merging a duplicate: choose the monument to keep from the public list (with a search box),
// then confirm. Its proposals and their votes move to the kept one.
import type { QueueMonument } from '@linz/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { monumentsQuery } from '../../api/queries';
import { ConfirmDialog } from '../ConfirmDialog';
import { useTRPC } from '../trpc';
import { useStaffAction } from '../useStaffAction';

const SHOWN = 12;

export function MergeDialog({ monument, onClose }: { monument: QueueMonument; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const action = useStaffAction();
  const searchId = useId();
  const monuments = useQuery(monumentsQuery());
  const [search, setSearch] = useState('');
  const [into, setInto] = useState<string | null>(null);
  const matches = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    return (monuments.data ?? [])
      .filter((m) => m.id !== monument.id)
      .filter((m) => !needle || `${m.name} ${m.name_en ?? ''} ${m.id}`.toLocaleLowerCase().includes(needle))
      .slice(0, SHOWN);
  }, [monuments.data, monument.id, search]);
  const chosen = monuments.data?.find((m) => m.id === into);
  const merge = useMutation(
    trpc.staff.monuments.merge.mutationOptions({
      onSuccess: (result) =>
        action.done(
          t('admin.done.merged', {
            name: monument.name,
            into: result.kept.name,
            proposals: result.movedProposals,
            votes: result.movedVotes,
          }),
        ),
      onError: action.failed,
    }),
  );
  return (
    <ConfirmDialog
      title={t('admin.merge.title', { name: monument.name })}
      confirmLabel={t('admin.merge.confirm')}
      canConfirm={into !== null}
      onConfirm={() => into && merge.mutate({ monumentId: monument.id, into })}
      onClose={onClose}
    >
      <p>{t('admin.merge.text')}</p>
      <label htmlFor={searchId}>{t('admin.merge.search')}</label>
      <input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      <fieldset className="admin-merge__choices">
        <legend>{t('admin.merge.choose')}</legend>
        {matches.length === 0 && <p>{t('admin.merge.none')}</p>}
        {matches.map((m) => (
          <label key={m.id} className="admin-merge__choice">
            <input type="radio" name="merge-into" value={m.id} checked={into === m.id} onChange={() => setInto(m.id)} />
            {m.name} <span className="admin-hint">({m.id})</span>
          </label>
        ))}
      </fieldset>
      {chosen && <p>{t('admin.merge.summary', { name: monument.name, into: chosen.name })}</p>}
    </ConfirmDialog>
  );
}

// Opens any monument or proposal by its id (a rejected one, or one named in the audit log), in any state.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../errors';
import { useTRPC } from '../trpc';
import { ProposalCard } from './ProposalCard';
import { MonumentCard } from './MonumentCard';

type Kind = 'monument' | 'proposal';

export function MonumentLookup() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const id = useId();
  const [draft, setDraft] = useState('');
  const [draftKind, setDraftKind] = useState<Kind>('monument');
  const [wanted, setWanted] = useState<{ kind: Kind; id: string } | null>(null);
  const monument = useQuery({
    ...trpc.staff.monuments.get.queryOptions({ monumentId: wanted?.id ?? '' }),
    enabled: wanted?.kind === 'monument',
  });
  const proposalId = Number(wanted?.id);
  const proposal = useQuery({
    ...trpc.staff.proposals.get.queryOptions({ proposalId: proposalId }),
    enabled: wanted?.kind === 'proposal' && Number.isInteger(proposalId) && proposalId > 0,
  });
  const found = wanted?.kind === 'proposal' ? proposal : monument;
  return (
    <section className="admin-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('admin.lookup.title')}</h2>
      <form
        className="admin-filters"
        onSubmit={(event) => {
          event.preventDefault();
          setWanted(draft.trim() ? { kind: draftKind, id: draft.trim() } : null);
        }}
      >
        <div className="admin-field">
          <label htmlFor={`${id}-kind`}>{t('admin.lookup.kind')}</label>
          <select id={`${id}-kind`} value={draftKind} onChange={(e) => setDraftKind(e.target.value as Kind)}>
            <option value="monument">{t('admin.kinds.monument')}</option>
            <option value="proposal">{t('admin.kinds.proposal')}</option>
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={id}>{t('admin.lookup.id')}</label>
          <input id={id} required value={draft} onChange={(e) => setDraft(e.target.value)} />
        </div>
        <button type="submit" className="button">
          {t('admin.lookup.open')}
        </button>
      </form>
      {found.isError && <p className="feedback feedback--error">{errorText(t, found.error)}</p>}
      {wanted?.kind === 'monument' && monument.data && <MonumentCard monument={monument.data} />}
      {wanted?.kind === 'proposal' && proposal.data && <ProposalCard proposal={proposal.data} />}
    </section>
  );
}

// Every public proposal, searchable, so staff can answer or correct one nobody reported (the
// queue holds only reported and hidden ones). Read from the public list the map uses, with the
// number of confirmed e-mail followers of each (staff only).
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allProposalsQuery, monumentsQuery } from '../../api/queries';
import { useTRPC } from '../trpc';
import { proposalNumberIn } from './number';
import { ProposalCard, type StaffProposal } from './ProposalCard';

const SHOWN = 20;

export function AllProposals() {
  const { t } = useTranslation();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const listed = useQuery(allProposalsQuery());
  const monuments = useQuery(monumentsQuery());
  const followers = useQuery(useTRPC().staff.proposals.followers.queryOptions());
  const proposals = useMemo(() => {
    const names = new Map((monuments.data ?? []).map((m) => [m.id, m.name]));
    const counts = followers.data && new Map(followers.data.map((f) => [f.proposalId, f.followers]));
    const needle = search.trim().toLocaleLowerCase();
    // "12", "Nr. 12", "no. 12" or "#12": the proposal of that number (the mails name it so).
    const number = proposalNumberIn(needle);
    return (listed.data ?? []).flatMap((item): StaffProposal[] => {
      const monumentName = names.get(item.monumentId);
      const text = `${item.name} ${monumentName ?? ''}`.toLocaleLowerCase();
      const found = !needle || text.includes(needle) || (number !== undefined && item.id === number);
      if (item.id === undefined || !found) return [];
      const following = counts && (counts.get(item.id) ?? 0);
      return [{ ...item, id: item.id, monumentName, moderation: 'visible', reports: [], followers: following }];
    });
  }, [listed.data, monuments.data, followers.data, search]);
  return (
    <section className="admin-section" aria-labelledby={`${searchId}-h`}>
      <h2 id={`${searchId}-h`}>{t('admin.proposals.title')}</h2>
      <div className="admin-queue-search">
        <label htmlFor={searchId}>{t('admin.proposals.search')}</label>
        <input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <p role="status">
        {listed.isPending
          ? t('app.loading')
          : t('admin.proposals.found', { count: proposals.length, shown: Math.min(SHOWN, proposals.length) })}
      </p>
      {proposals.slice(0, SHOWN).map((p) => (
        <ProposalCard key={p.id} proposal={p} />
      ))}
    </section>
  );
}

// Merging a duplicate: choose the item to keep (with a search box), then confirm. A monument's
// proposals and their votes move to the kept monument; a proposal's votes (one per browser),
// followers and links move to the kept proposal. Neither can be taken back, so the dialog says what
// will happen before the button does it.
import type { QueueMonument } from '@linz/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allProposalsQuery, monumentsQuery } from '../../api/queries';
import { ConfirmDialog } from '../ConfirmDialog';
import { useTRPC } from '../trpc';
import { useStaffAction } from '../useStaffAction';
import { proposalNumberIn } from './number';
import type { StaffProposal } from './ProposalCard';

const SHOWN = 12;

/** `number`: a proposal's, which a search by number ("Nr. 12") matches exactly. */
type Candidate = { id: string; name: string; hint: string; search: string; number?: number };
/** The dialog's words: admin.merge (monuments) or admin.mergeProposal, with the same keys. */
type Words = 'admin.merge' | 'admin.mergeProposal';

function MergeChooser(props: {
  words: Words;
  name: string;
  candidates: readonly Candidate[];
  onMerge: (into: string) => void;
  onClose: () => void;
}) {
  const { words, name, candidates, onMerge, onClose } = props;
  const { t } = useTranslation();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [into, setInto] = useState<string | null>(null);
  const matches = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    const number = proposalNumberIn(needle);
    return candidates
      .filter((c) =>
        number !== undefined && c.number !== undefined ? c.number === number : c.search.toLocaleLowerCase().includes(needle),
      )
      .slice(0, SHOWN);
  }, [candidates, search]);
  const chosen = candidates.find((c) => c.id === into);
  return (
    <ConfirmDialog
      title={t(`${words}.title`, { name })}
      confirmLabel={t(`${words}.confirm`)}
      canConfirm={into !== null}
      onConfirm={() => into && onMerge(into)}
      onClose={onClose}
    >
      <p>{t(`${words}.text`)}</p>
      <label htmlFor={searchId}>{t(`${words}.search`)}</label>
      <input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      <fieldset className="admin-merge__choices">
        <legend>{t(`${words}.choose`)}</legend>
        {matches.length === 0 && <p>{t(`${words}.none`)}</p>}
        {matches.map((c) => (
          <label key={c.id} className="admin-merge__choice">
            <input type="radio" name="merge-into" value={c.id} checked={into === c.id} onChange={() => setInto(c.id)} />
            <span>
              {c.name} <span className="admin-hint">{c.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {chosen && <p>{t(`${words}.summary`, { name, into: chosen.name })}</p>}
    </ConfirmDialog>
  );
}

export function MergeDialog({ monument, onClose }: { monument: QueueMonument; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const action = useStaffAction();
  const monuments = useQuery(monumentsQuery());
  const candidates = useMemo(
    () =>
      (monuments.data ?? [])
        .filter((m) => m.id !== monument.id)
        .map((m) => ({ id: m.id, name: m.name, hint: m.id, search: `${m.name} ${m.name_en ?? ''} ${m.id}` })),
    [monuments.data, monument.id],
  );
  const merge = useMutation(
    trpc.staff.monuments.merge.mutationOptions({
      onSuccess: (result) =>
        action.done(
          t('admin.done.merged', {
            name: monument.name,
            into: result.kept.name,
            proposals: t('admin.done.movedProposals', { count: result.movedProposals }),
            votes: t('admin.done.movedVotes', { count: result.movedVotes }),
          }),
        ),
      onError: action.failed,
    }),
  );
  return (
    <MergeChooser
      words="admin.merge"
      name={monument.name}
      candidates={candidates}
      onMerge={(into) => merge.mutate({ monumentId: monument.id, into })}
      onClose={onClose}
    />
  );
}

/** A proposal into another public one: those at the same monument first, then any, by name, monument or number. */
export function ProposalMergeDialog({ proposal, onClose }: { proposal: StaffProposal; onClose: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const action = useStaffAction();
  const listed = useQuery(allProposalsQuery());
  const monuments = useQuery(monumentsQuery());
  const candidates = useMemo(() => {
    const names = new Map((monuments.data ?? []).map((m) => [m.id, m.name]));
    const others = (listed.data ?? []).filter((p) => p.id !== undefined && p.id !== proposal.id);
    const here = others.filter((p) => p.monumentId === proposal.monumentId);
    return [...here, ...others.filter((p) => p.monumentId !== proposal.monumentId)].map((p) => {
      const number = t('admin.tags.number', { id: p.id });
      const at = names.get(p.monumentId) ?? '';
      return {
        id: String(p.id),
        name: p.name,
        hint: at ? `${number} · ${at}` : number,
        search: `${p.name} ${at}`,
        number: p.id,
      };
    });
  }, [listed.data, monuments.data, proposal.id, proposal.monumentId, t]);
  const merge = useMutation(
    trpc.staff.proposals.merge.mutationOptions({
      onSuccess: (kept) =>
        action.done(t('admin.done.mergedProposal', { name: proposal.name, into: kept.name, count: kept.votes })),
      onError: action.failed,
    }),
  );
  return (
    <MergeChooser
      words="admin.mergeProposal"
      name={proposal.name}
      candidates={candidates}
      onMerge={(into) => merge.mutate({ proposalId: proposal.id, into: Number(into) })}
      onClose={onClose}
    />
  );
}

// /interventions' controls: search, status, sort, the announced count and clearing everything.
import { PROPOSAL_STATUSES } from '@linz/contract/facts';
import type { ProposalSearch } from '@linz/contract/filters';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ClearAll } from '../finder/ClearAll';
import { ResultCount } from '../finder/ResultCount';
import { SearchBox } from '../finder/SearchBox';
import { validateProposalSearch } from '../finder/search';
import { toggled, useReplaceSearch } from '../finder/useReplaceSearch';
import '../finder/finder.css';

type Props = { search: ProposalSearch; shown: number; total: number | undefined };

export function ProposalControls({ search, shown, total }: Props) {
  const { t } = useTranslation();
  const replace = useReplaceSearch(validateProposalSearch);
  const id = useId();
  return (
    <search className="finder-controls">
      <SearchBox label={t('finder.proposals.search')} value={search.q} onChange={(q) => replace({ q })} />
      <fieldset className="filter-panel__group">
        <legend>{t('proposal.statusLabel')}</legend>
        {PROPOSAL_STATUSES.map((s) => (
          <label key={s} className="filter-panel__option">
            <input
              type="checkbox"
              checked={!!search.status?.includes(s)}
              onChange={(e) => replace({ status: toggled(search.status, s, e.target.checked) })}
            />
            {t(`proposal.status.${s}`)}
          </label>
        ))}
      </fieldset>
      <div className="finder-search">
        <label htmlFor={`${id}-sort`}>{t('finder.proposals.sort')}</label>
        <select
          id={`${id}-sort`}
          value={search.sort ?? 'votes'}
          onChange={(e) => replace({ sort: e.target.value === 'votes' ? undefined : e.target.value })}
        >
          <option value="votes">{t('finder.proposals.sortVotes')}</option>
          <option value="newest">{t('finder.proposals.sortNewest')}</option>
        </select>
      </div>
      <ResultCount shown={shown} total={total} filtered={!!(search.q || search.status)} noun="proposals" />
      <ClearAll
        active={!!(search.q || search.status || search.sort)}
        onClear={() => replace({ q: undefined, status: undefined, sort: undefined })}
      />
    </search>
  );
}

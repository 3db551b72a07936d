// The "Stimmen prüfen" view: choose a proposal (from an alert, the proposals list, or by number)
// and check its votes.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VoteReview } from './VoteReview';

export function VotesView({ proposalId, onChoose }: { proposalId: number | null; onChoose: (id: number) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState(proposalId === null ? '' : String(proposalId));
  return (
    <section className="admin-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('admin.votes.title')}</h2>
      <p>{t('admin.votes.chooseHint')}</p>
      <form
        className="admin-filters"
        onSubmit={(event) => {
          event.preventDefault();
          const n = Number(typed);
          if (Number.isInteger(n) && n > 0) onChoose(n);
        }}
      >
        <div className="admin-field">
          <label htmlFor={`${id}-n`}>{t('admin.votes.chooseLabel')}</label>
          <input id={`${id}-n`} inputMode="numeric" value={typed} onChange={(e) => setTyped(e.target.value.trim())} />
        </div>
        <button type="submit" className="button">
          {t('admin.votes.choose')}
        </button>
      </form>
      {proposalId === null ? null : <VoteReview key={proposalId} proposalId={proposalId} />}
    </section>
  );
}

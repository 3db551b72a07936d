// /votes/confirm?token=…: the link of a vote's confirmation mail. Mail scanners open links, so the
// page only explains; its one button confirms (POST), and nothing here submits by itself.
import '../follow/follow.css';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Feedback } from '../feedback/feedback';
import { ProposalName } from '../follow/ProposalName';
import { BackLink } from '../layout/BackLink';
import { confirmVoteToken } from './voteConfirmApi';

type State =
  { step: 'ask' } | { step: 'busy' } | { step: 'done'; interventionId: number } | { step: 'failed'; feedback: Feedback };

export function VoteConfirmPage() {
  const { t } = useTranslation();
  const { token } = useSearch({ from: '/votes/confirm' });
  const [state, setState] = useState<State>({ step: 'ask' });
  const confirm = async () => {
    if (!token) return;
    setState({ step: 'busy' });
    const outcome = await confirmVoteToken(token);
    setState(
      outcome.ok ? { step: 'done', interventionId: outcome.interventionId } : { step: 'failed', feedback: outcome.feedback },
    );
  };
  return (
    <div className="content follow-page">
      <BackLink label={t('about.back')} />
      <h1>{t('votes.confirm.headline')}</h1>
      {!token ? (
        <p role="alert">{t('votes.confirm.invalid')}</p>
      ) : state.step === 'done' ? (
        <div role="status">
          <p>{t('votes.confirm.done')}</p>
          <ProposalName interventionId={state.interventionId} />
        </div>
      ) : (
        <>
          <p>{t('votes.confirm.explain')}</p>
          <button
            type="button"
            className="button button--primary"
            disabled={state.step === 'busy'}
            onClick={() => void confirm()}
          >
            {t('votes.confirm.button')}
          </button>
          <div role="alert">
            {state.step === 'failed' ? <p>{state.feedback.text ?? t(state.feedback.key, state.feedback.values)}</p> : null}
          </div>
        </>
      )}
    </div>
  );
}

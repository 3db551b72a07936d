// /follow/confirm?token=…: the confirmation link of a follow mail. Mail scanners open links, so the
// page only explains; its one button confirms (POST), and nothing here submits by itself.
import './follow.css';
import { APP_PATHS } from '@linz/contract/facts';
import { Link, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Feedback } from '../feedback/feedback';
import { BackLink } from '../layout/BackLink';
import { confirmFollow } from './followApi';
import { ProposalName } from './ProposalName';

type State =
  { step: 'ask' } | { step: 'busy' } | { step: 'done'; interventionId: number } | { step: 'failed'; feedback: Feedback };

export function ConfirmPage() {
  const { t } = useTranslation();
  const { token } = useSearch({ from: '/follow/confirm' });
  const [state, setState] = useState<State>({ step: 'ask' });
  const confirm = async () => {
    if (!token) return;
    setState({ step: 'busy' });
    const outcome = await confirmFollow(token);
    setState(
      outcome.ok ? { step: 'done', interventionId: outcome.interventionId } : { step: 'failed', feedback: outcome.feedback },
    );
  };
  return (
    <div className="content follow-page">
      <BackLink label={t('about.back')} />
      <h1>{t('follow.confirm.headline')}</h1>
      {!token ? (
        <p role="alert">{t('follow.confirm.invalid')}</p>
      ) : state.step === 'done' ? (
        <div role="status">
          <p>{t('follow.confirm.done')}</p>
          <ProposalName interventionId={state.interventionId} />
          <p>
            <Link to={APP_PATHS.mine}>{t('follow.mineLink')}</Link>
          </p>
        </div>
      ) : (
        <>
          <p>{t('follow.confirm.explain')}</p>
          <button
            type="button"
            className="button button--primary"
            disabled={state.step === 'busy'}
            onClick={() => void confirm()}
          >
            {t('follow.confirm.button')}
          </button>
          <div role="alert">
            {state.step === 'failed' ? <p>{state.feedback.text ?? t(state.feedback.key, state.feedback.values)}</p> : null}
          </div>
        </>
      )}
    </div>
  );
}

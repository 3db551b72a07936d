// /follow/unsubscribe?token=…: the unsubscribe link of a follower mail. Like the confirmation page
// it only acts on a button: "Abmelden" ends this follow, "Von allem abmelden" every follow of the address.
import './follow.css';
import { APP_PATHS } from '@linz/contract/facts';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Feedback } from '../feedback/feedback';
import { BackLink } from '../layout/BackLink';
import { unsubscribe } from './followApi';
import { usePageSearch } from '../layout/pageSearch';
import { validateTokenSearch } from './tokenSearch';

type State = { step: 'ask' | 'busy' } | { step: 'done' | 'failed'; feedback: Feedback };

export function UnsubscribePage() {
  const { t } = useTranslation();
  const { token, all } = usePageSearch(validateTokenSearch);
  const [state, setState] = useState<State>({ step: 'ask' });
  const run = async (all: boolean) => {
    if (!token) return;
    setState({ step: 'busy' });
    const outcome = await unsubscribe(token, all);
    setState({ step: outcome.ok ? 'done' : 'failed', feedback: outcome.feedback });
  };
  const text = (feedback: Feedback) => feedback.text ?? t(feedback.key, feedback.values);
  return (
    <div className="content follow-page">
      <BackLink label={t('about.back')} />
      <h1>{t('follow.unsubscribe.headline')}</h1>
      {!token ? (
        <p role="alert">{t('follow.unsubscribe.invalid')}</p>
      ) : state.step === 'done' ? (
        <div role="status">
          <p>{text(state.feedback)}</p>
          <p>
            <Link to={APP_PATHS.mine}>{t('follow.mineLink')}</Link>
          </p>
        </div>
      ) : (
        <>
          <p>{t('follow.unsubscribe.explain')}</p>
          <p className="follow-page__actions">
            {(all === '1' ? [true, false] : [false, true]).map((everything, index) => (
              <button
                key={String(everything)}
                type="button"
                className={index === 0 ? 'button button--primary' : 'button'}
                disabled={state.step === 'busy'}
                onClick={() => void run(everything)}
              >
                {everything ? t('follow.unsubscribe.all') : t('follow.unsubscribe.one')}
              </button>
            ))}
          </p>
          <div role="alert">{state.step === 'failed' ? <p>{text(state.feedback)}</p> : null}</div>
        </>
      )}
    </div>
  );
}

// The page behind a confirmation mail's link (following a proposal, confirming a vote). Mail
// scanners open links, so the page only explains; its one button confirms (POST), and nothing here
// submits by itself.
import './follow.css';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Feedback } from '../feedback/feedback';
import { BackLink } from '../layout/BackLink';
import type { Confirmed } from './followApi';
import { ProposalName } from './ProposalName';

type State =
  | { step: 'ask' }
  | { step: 'busy' }
  | { step: 'done'; proposalId: number; already: boolean }
  | { step: 'failed'; feedback: Feedback };

type Props = {
  token: string | undefined;
  /** Where the page's texts stand: headline, invalid, explain, button, done (a used vote link says votes.confirm.already). */
  texts: 'follow.confirm' | 'votes.confirm';
  confirm: (token: string) => Promise<Confirmed>;
  /** Shown under the proposal's name once confirmed. */
  after?: ReactNode;
};

export function MailLinkConfirmPage({ token, texts, confirm, after }: Props) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ step: 'ask' });
  const run = async () => {
    if (!token) return;
    setState({ step: 'busy' });
    const outcome = await confirm(token);
    setState(
      outcome.ok
        ? { step: 'done', proposalId: outcome.proposalId, already: outcome.already === true }
        : { step: 'failed', feedback: outcome.feedback },
    );
  };
  return (
    <div className="content follow-page">
      <BackLink label={t('about.back')} />
      <h1>{t(state.step === 'done' ? `${texts}.headlineDone` : `${texts}.headline`)}</h1>
      {!token ? (
        <p role="alert">{t(`${texts}.invalid`)}</p>
      ) : state.step === 'done' ? (
        <div role="status">
          <p>{t(state.already ? 'votes.confirm.already' : `${texts}.done`)}</p>
          <ProposalName proposalId={state.proposalId} />
          {after}
        </div>
      ) : (
        <>
          <p>{t(`${texts}.explain`)}</p>
          <button type="button" className="button button--primary" disabled={state.step === 'busy'} onClick={() => void run()}>
            {t(`${texts}.button`)}
          </button>
          <div role="alert">
            {state.step === 'failed' ? <p>{state.feedback.text ?? t(state.feedback.key, state.feedback.values)}</p> : null}
          </div>
        </>
      )}
    </div>
  );
}

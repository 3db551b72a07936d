// After a vote: "Confirm your vote by e-mail". A button opens a small form (the address; the mails'
// language is the page's); the server answers 202 alike for any address and sends one double
// opt-in mail whose page confirms the vote.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailInput } from '../layout/EmailInput';
import { useEmailForm } from '../layout/useEmailForm';
import { FeedbackLine } from '../feedback/FeedbackBanner';
import { langOf } from '../i18n/languages';
import { requestVoteConfirmation } from './voteConfirmApi';

type Props = { proposalId: number; name: string };

export function VoteConfirmForm({ proposalId, name }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const { email, setEmail, busy, pending, message, submit } = useEmailForm((address) =>
    requestVoteConfirmation(proposalId, { email: address, lang: langOf(i18n.resolvedLanguage) }),
  );

  return (
    <div className="vote-confirm">
      <button
        type="button"
        className="follow-offer__button vote-confirm__toggle"
        aria-expanded={open}
        aria-controls={`${id}-form`}
        aria-label={t('votes.offer.label', { name })}
        onClick={() => setOpen(!open)}
      >
        {t('votes.offer.button')}
      </button>
      <div id={`${id}-form`} hidden={!open}>
        {pending ? null : (
          <form className="vote-confirm__form" onSubmit={(event) => void submit(event)} noValidate>
            <p className="vote-confirm__intro">{t('votes.form.intro')}</p>
            <label htmlFor={`${id}-email`} className="vote-confirm__label">
              {t('follow.form.email')}
            </label>
            <EmailInput id={`${id}-email`} value={email} onChange={(event) => setEmail(event.target.value)} />
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? t('follow.form.sending') : t('votes.form.submit')}
            </button>
          </form>
        )}
        <FeedbackLine className="vote-confirm__message" feedback={message} />
      </div>
    </div>
  );
}

// The follow dialog (loaded on first use): an e-mail address and the mails' language, or "remember
// in this browser" without any address. Like the report dialog it is a modal <dialog> on <body>:
// focus stays inside, Escape closes it, and its keys and clicks never reach the popup behind it.
import './follow.css';
import { APP_PATHS } from '@linz/contract/facts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { EmailInput } from '../layout/EmailInput';
import { useEmailForm } from '../layout/useEmailForm';
import { useModalDialog } from '../layout/useModalDialog';
import { FeedbackLine } from '../feedback/FeedbackBanner';
import { LANGUAGES, langOf, type Lang } from '../i18n/languages';
import { requestFollow, setWatching } from './followApi';
import { mineKey, mineQuery } from '../api/queries/mine';

type Props = {
  proposalId: number;
  /** The proposal's name as the visitor sees it. */
  name: string;
  onDone: () => void;
};

export function FollowDialog({ proposalId, name, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { ref: dialogRef, finish, onCancel, onClose } = useModalDialog<never>(onDone);
  const queryClient = useQueryClient();
  const [lang, setLang] = useState<Lang>(langOf(i18n.resolvedLanguage));
  const { email, setEmail, busy, pending, message, submit, run } = useEmailForm((address) =>
    requestFollow(proposalId, { email: address, lang }),
  );
  const mine = useQuery(mineQuery());
  const watching = mine.data?.following.some((item) => item.proposal.id === proposalId) ?? false;

  const toggleWatch = async () => {
    const outcome = await run(() => setWatching(proposalId, !watching));
    if (outcome.ok) await queryClient.invalidateQueries({ queryKey: mineKey });
  };

  return createPortal(
    // Not an interaction: the handlers keep the dialog's keys and clicks from the popup behind it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      className="report-dialog follow-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      onCancel={onCancel}
      onClose={onClose}
      onKeyDown={(event) => event.stopPropagation()}
      onClick={(event) => event.stopPropagation()}
    >
      <h2 id={`${id}-title`} className="report-dialog__title">
        {t('follow.form.title', { name })}
      </h2>
      <p id={`${id}-intro`} className="follow-dialog__intro">
        {t('follow.form.intro')}
      </p>
      {pending ? null : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <label htmlFor={`${id}-email`} className="report-dialog__label">
            {t('follow.form.email')}
          </label>
          <EmailInput
            id={`${id}-email`}
            className="follow-dialog__input"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <label htmlFor={`${id}-lang`} className="report-dialog__label">
            {t('follow.form.lang')}
          </label>
          <select
            id={`${id}-lang`}
            className="follow-dialog__input"
            value={lang}
            onChange={(event) => setLang(langOf(event.target.value))}
          >
            {LANGUAGES.map((value) => (
              <option key={value} value={value} lang={value}>
                {t(`follow.form.langs.${value}`)}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--primary follow-dialog__submit" disabled={busy}>
            {busy ? t('follow.form.sending') : t('follow.form.submit')}
          </button>
        </form>
      )}
      <FeedbackLine className="follow-dialog__message" feedback={message} />
      <section className="follow-dialog__browser" aria-labelledby={`${id}-browser`}>
        <h3 id={`${id}-browser`}>{t('follow.watch.headline')}</h3>
        <p>{t('follow.watch.explain')}</p>
        {/* A toggle keeps its name; the tick shows the pressed state without colour. */}
        <button
          type="button"
          className="button follow-dialog__watch"
          aria-pressed={watching}
          disabled={busy || mine.isPending}
          onClick={() => void toggleWatch()}
        >
          <span aria-hidden="true">{watching ? '✓ ' : ''}</span>
          {t('follow.watch.start')}
        </button>{' '}
        <Link to={APP_PATHS.mine} className="follow-dialog__mine">
          {t('follow.mineLink')}
        </Link>
      </section>
      <div className="report-dialog__actions">
        <button type="button" className="button" onClick={() => finish(null)}>
          {t('follow.form.close')}
        </button>
      </div>
    </dialog>,
    document.body,
  );
}

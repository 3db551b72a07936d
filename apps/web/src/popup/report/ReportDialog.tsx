// The report dialog (loaded on first use): a reason, an optional comment with a counter, send.
// A modal <dialog> keeps focus inside and closes on Escape; it is put on <body> so Leaflet's
// popup never handles its clicks, and its Escape never reaches the popup (which would close too).
import { REPORT_COMMENT_MAX, REPORT_REASONS } from '@linz/contract/facts';
import { useId, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { Feedback } from '../../feedback/feedback';
import { failure } from '../../feedback/feedback';
import { useLengthHint } from '../../layout/lengthHint';
import { useModalDialog } from '../../layout/useModalDialog';
import { sendReport, type ReportTarget } from './sendReport';

type Reason = (typeof REPORT_REASONS)[number];
type Props = {
  target: ReportTarget;
  /** What is reported, as the visitor sees it (a monument's or a proposal's name). */
  name: string;
  /** Called with the thanks once sent, or with nothing when the visitor cancels. */
  onDone: (thanks: Feedback | null) => void;
};

export function ReportDialog({ target, name, onDone }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState<Reason | null>(null);
  const [comment, setComment] = useState('');
  const length = useLengthHint(`${id}-length`, comment, REPORT_COMMENT_MAX, true);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<Feedback | null>(null);
  const { ref: dialogRef, finish, onCancel, onClose } = useModalDialog(onDone);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError(failure('report.reasonRequired'));
      return;
    }
    setSending(true);
    const trimmed = comment.trim();
    const outcome = await sendReport(target, trimmed ? { reason, comment: trimmed } : { reason });
    setSending(false);
    if (outcome.sent) finish(outcome.feedback);
    else setError(outcome.feedback);
  };
  const kind = target.kind === 'monument' ? 'monument' : 'proposal';
  return createPortal(
    // Not an interaction: the handlers keep the dialog's keys and clicks from the popup behind it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      className="report-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={onCancel}
      onClose={onClose}
      onKeyDown={(event) => event.stopPropagation()}
      onClick={(event) => event.stopPropagation()}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={`${id}-title`} className="report-dialog__title">
          {t(`report.title_${kind}`, { name })}
        </h2>
        <fieldset className="report-dialog__reasons">
          <legend>{t('report.reason')}</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className="report-dialog__reason">
              <input
                type="radio"
                name={`${id}-reason`}
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
              />
              {t(`report.reasons.${value}`)}
            </label>
          ))}
        </fieldset>
        <label htmlFor={`${id}-comment`} className="report-dialog__label">
          {t('report.comment')}
        </label>
        <textarea
          id={`${id}-comment`}
          value={comment}
          rows={3}
          maxLength={REPORT_COMMENT_MAX}
          aria-describedby={length.describedBy()}
          onChange={(event) => setComment(event.target.value)}
        />
        {length.hint}
        {error ? (
          <p className="report-dialog__error" role="alert">
            {error.text ?? t(error.key, error.values)}
          </p>
        ) : null}
        <div className="report-dialog__actions">
          <button type="button" className="button" onClick={() => finish(null)}>
            {t('report.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? t('report.sending') : t('report.send')}
          </button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}

// How an answer is shown: the closable success or error banner used in the popup, on the map and in
// forms, and a form's own line under its button.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Feedback } from './feedback';
import { CloseIcon } from '../layout/icons';

type Props = { feedback: Feedback | null; onClose: () => void; className?: string };

/** An error is said at once (alert); anything else when the reader is free (status). */
const roleOf = (feedback: Feedback | null) => (feedback?.kind === 'error' ? 'alert' : 'status');
const textOf = (t: TFunction, feedback: Feedback) => feedback.text ?? t(feedback.key, feedback.values);

export function FeedbackBanner({ feedback, onClose, className }: Props) {
  const { t } = useTranslation();
  if (!feedback) return null;
  return (
    <div className={`feedback feedback--${feedback.kind} ${className ?? ''}`} role={roleOf(feedback)}>
      <span className="feedback__text">{textOf(t, feedback)}</span>
      <button type="button" className="feedback__close icon-button" onClick={onClose} aria-label={t('feedback.close')}>
        <CloseIcon />
      </button>
    </div>
  );
}

/** A form's answer on a line of its own, there before any answer is (a live region that appears
 * with its text is not read out). */
export function FeedbackLine({ feedback, className }: { feedback: Feedback | null; className: string }) {
  const { t } = useTranslation();
  return (
    <div className={className} role={roleOf(feedback)}>
      {feedback ? textOf(t, feedback) : null}
    </div>
  );
}

// The closable success or error banner used in the popup, on the map and in forms.
import { useTranslation } from 'react-i18next';
import type { Feedback } from './feedback';
import { CloseIcon } from '../layout/icons';

type Props = { feedback: Feedback | null; onClose: () => void; className?: string };

export function FeedbackBanner({ feedback, onClose, className }: Props) {
  const { t } = useTranslation();
  if (!feedback) return null;
  const text = feedback.text ?? t(feedback.key, feedback.values);
  return (
    <div
      className={`feedback feedback--${feedback.kind} ${className ?? ''}`}
      role={feedback.kind === 'error' ? 'alert' : 'status'}
    >
      <span className="feedback__text">{text}</span>
      <button type="button" className="feedback__close icon-button" onClick={onClose} aria-label={t('feedback.close')}>
        <CloseIcon />
      </button>
    </div>
  );
}

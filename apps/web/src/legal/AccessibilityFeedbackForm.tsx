// The accessibility statement's feedback form: POST /api/accessibility-feedback { message, email?, page? }.
// Checked here first (each problem named at its field), then by the server; the outcome is announced.
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_PAGE_MAX } from '@linz/contract/facts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailInput } from '../layout/EmailInput';
import { useLengthHint } from '../layout/lengthHint';
import { call } from '../api/client';
import { ApiError } from '../api/errors';

type Outcome = { kind: 'sent' } | { kind: 'error'; text: string } | null;
type FieldError = 'required' | 'invalid' | null;

// Only a first check; the server's schema decides.
const looksLikeEmail = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s);

export function AccessibilityFeedbackForm({ contactEmail, emailDays }: { contactEmail: string; emailDays: number }) {
  const { t } = useTranslation();
  const id = useId();
  const [message, setMessage] = useState('');
  const [page, setPage] = useState('');
  const messageLength = useLengthHint(`${id}-message-length`, message, FEEDBACK_MESSAGE_MAX);
  const pageLength = useLengthHint(`${id}-page-length`, page, FEEDBACK_PAGE_MAX);
  const [email, setEmail] = useState('');
  const [messageError, setMessageError] = useState<FieldError>(null);
  const [emailError, setEmailError] = useState<FieldError>(null);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const noMessage = message.trim() === '';
    const badEmail = email.trim() !== '' && !looksLikeEmail(email.trim());
    setMessageError(noMessage ? 'required' : null);
    setEmailError(badEmail ? 'invalid' : null);
    setOutcome(null);
    if (noMessage) return document.getElementById(`${id}-message`)?.focus();
    if (badEmail) return document.getElementById(`${id}-email`)?.focus();
    setSending(true);
    try {
      await call('accessibilityFeedback', { body: { message, email: email.trim(), page: page.trim() } });
      setMessage('');
      setPage('');
      setEmail('');
      setOutcome({ kind: 'sent' });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const text =
        error.code === 'TOO_MANY_REQUESTS'
          ? t('legal.accessibility.form.tooMany')
          : t('legal.accessibility.form.failed', { email: contactEmail });
      setOutcome({ kind: 'error', text });
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="add-form feedback-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="feedback">
      <label htmlFor={`${id}-message`}>{t('legal.accessibility.form.message')}</label>
      <textarea
        id={`${id}-message`}
        name="message"
        rows={5}
        required
        maxLength={FEEDBACK_MESSAGE_MAX}
        value={message}
        aria-invalid={messageError !== null}
        aria-describedby={messageLength.describedBy(messageError !== null && `${id}-message-error`)}
        onChange={(e) => setMessage(e.target.value)}
      />
      {messageLength.hint}
      {messageError && (
        <p id={`${id}-message-error`} className="field-error">
          {t('legal.accessibility.form.required')}
        </p>
      )}
      <label htmlFor={`${id}-page`}>{t('legal.accessibility.form.page')}</label>
      <input
        id={`${id}-page`}
        name="page"
        type="text"
        maxLength={FEEDBACK_PAGE_MAX}
        value={page}
        aria-describedby={pageLength.describedBy()}
        onChange={(e) => setPage(e.target.value)}
      />
      {pageLength.hint}
      <label htmlFor={`${id}-email`}>{t('legal.accessibility.form.email')}</label>
      <EmailInput
        id={`${id}-email`}
        name="email"
        value={email}
        aria-invalid={emailError !== null}
        aria-describedby={`${id}-email-note${emailError ? ` ${id}-email-error` : ''}`}
        onChange={(e) => setEmail(e.target.value)}
      />
      <p id={`${id}-email-note`} className="field-note">
        {t('legal.accessibility.form.emailNote', { days: emailDays })}
      </p>
      {emailError && (
        <p id={`${id}-email-error`} className="field-error">
          {t('legal.accessibility.form.invalid')}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? t('legal.accessibility.form.sending') : t('legal.accessibility.form.submit')}
      </button>
      <p role="status" className={outcome?.kind === 'sent' ? 'feedback feedback--success' : undefined}>
        {outcome?.kind === 'sent' ? t('legal.accessibility.form.sent') : ''}
      </p>
      <p role="alert" className={outcome?.kind === 'error' ? 'feedback feedback--error' : undefined}>
        {outcome?.kind === 'error' ? outcome.text : ''}
      </p>
    </form>
  );
}

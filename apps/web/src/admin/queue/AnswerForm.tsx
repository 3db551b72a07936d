// The city's official answer to a proposal: a status and a statement in German and English.
// Both statements are required; the server's refusal (e.g. blank after trimming) is shown as is.
import type { ProposalStatus } from '@linz/contract';
import { PROPOSAL_STATUSES, STATEMENT_MAX } from '@linz/contract/facts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../errors';
import { useTRPC } from '../trpc';
import { useStaffAction } from '../useStaffAction';

type Props = {
  interventionId: number;
  name: string;
  status: ProposalStatus;
  answer: { de: string; en: string } | null;
};

export function AnswerForm({ interventionId, name, status, answer }: Props) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const action = useStaffAction();
  const id = useId();
  const [draft, setDraft] = useState({ status, de: answer?.de ?? '', en: answer?.en ?? '' });
  const save = useMutation(
    trpc.staff.interventions.answer.mutationOptions({
      onSuccess: () => action.done(t('admin.done.answered', { name })),
      onError: action.failed,
    }),
  );
  return (
    <form
      className="admin-form"
      aria-label={t('admin.answer.formLabel', { name })}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ interventionId, status: draft.status, statement: { de: draft.de, en: draft.en } });
      }}
    >
      {save.error && (
        <p className="feedback feedback--error" role="alert">
          {errorText(t, save.error)}
        </p>
      )}
      <div className="admin-field">
        <label htmlFor={`${id}-status`}>{t('admin.answer.status')}</label>
        <select
          id={`${id}-status`}
          value={draft.status}
          onChange={(e) => setDraft({ ...draft, status: e.target.value as ProposalStatus })}
        >
          {PROPOSAL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`admin.statuses.${s}`)}
            </option>
          ))}
        </select>
      </div>
      {(['de', 'en'] as const).map((lang) => (
        <div className="admin-field" key={lang}>
          <label htmlFor={`${id}-${lang}`}>{t(`admin.answer.statement_${lang}`)}</label>
          <textarea
            id={`${id}-${lang}`}
            rows={4}
            required
            maxLength={STATEMENT_MAX}
            aria-describedby={`${id}-max`}
            value={draft[lang]}
            onChange={(e) => setDraft({ ...draft, [lang]: e.target.value })}
          />
        </div>
      ))}
      <p id={`${id}-max`} className="admin-hint">
        {t('admin.answer.max', { max: STATEMENT_MAX })}
      </p>
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {t('admin.answer.submit')}
      </button>
    </form>
  );
}

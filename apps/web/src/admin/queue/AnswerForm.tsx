// The city's official answer to a proposal: a status, a statement in German or English or both
// (one is enough, the public side says which is missing), and a short public note for
// the status history ("Im Kulturausschuss am 12.3. beraten"). The server's refusal is shown as is.
import type { ProposalStatus } from '@linz/contract';
import { PROPOSAL_STATUSES, STATEMENT_MAX, STATUS_NOTE_MAX } from '@linz/contract/facts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../errors';
import { useTRPC } from '../trpc';
import { useStaffAction } from '../useStaffAction';

type Props = {
  proposalId: number;
  name: string;
  status: ProposalStatus;
  answer: { de: string | null; en: string | null } | null;
};

/** A field left blank is left out: the server takes a missing language (or note) as not given. */
const given = (text: string): string | undefined => (text.trim() === '' ? undefined : text);

export function AnswerForm({ proposalId, name, status, answer }: Props) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const action = useStaffAction();
  const id = useId();
  const [draft, setDraft] = useState({ status, de: answer?.de ?? '', en: answer?.en ?? '', note: '' });
  const [missing, setMissing] = useState(false);
  const save = useMutation(
    trpc.staff.proposals.answer.mutationOptions({
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
        const statement = { de: given(draft.de), en: given(draft.en) };
        setMissing(!statement.de && !statement.en);
        if (!statement.de && !statement.en) return;
        save.mutate({ proposalId, status: draft.status, statement, note: given(draft.note) });
      }}
    >
      {missing && (
        <p className="feedback feedback--error" role="alert">
          {t('timeline.missing')}
        </p>
      )}
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
            maxLength={STATEMENT_MAX}
            aria-describedby={`${id}-max`}
            aria-invalid={missing || undefined}
            value={draft[lang]}
            onChange={(e) => setDraft({ ...draft, [lang]: e.target.value })}
          />
        </div>
      ))}
      <p id={`${id}-max`} className="admin-hint">
        {t('admin.answer.max', { max: STATEMENT_MAX })}
      </p>
      <div className="admin-field">
        <label htmlFor={`${id}-note`}>{t('timeline.noteLabel')}</label>
        <input
          id={`${id}-note`}
          maxLength={STATUS_NOTE_MAX}
          aria-describedby={`${id}-note-hint`}
          value={draft.note}
          onChange={(e) => setDraft({ ...draft, note: e.target.value })}
        />
        <p id={`${id}-note-hint`} className="admin-hint">
          {t('timeline.noteHint', { max: STATUS_NOTE_MAX })}
        </p>
      </div>
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {t('admin.answer.submit')}
      </button>
    </form>
  );
}

// The canned reasons for "Ausblenden (Moderation)": each in German and English, as the
// item's author reads it. A change applies to hidings from then on; each is in the audit log.
import type { ModerationReason } from '@linz/contract';
import { MODERATION_REASON_MAX } from '@linz/contract/facts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../errors';
import { useTRPC } from '../trpc';
import { useStaffAction } from '../useStaffAction';

type Texts = { de: string; en: string };

/** The two text fields of a reason, with a submit button of its own. */
function ReasonForm({
  initial,
  label,
  submit,
  onSubmit,
  extra,
}: {
  initial: Texts;
  label: string;
  submit: string;
  onSubmit: (texts: Texts, reset: () => void) => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [texts, setTexts] = useState(initial);
  return (
    <form
      className="admin-form admin-reason"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(texts, () => setTexts(initial));
      }}
    >
      {(['de', 'en'] as const).map((lang) => (
        <div className="admin-field" key={lang}>
          <label htmlFor={`${id}-${lang}`}>{t(`admin.reasonsEditor.${lang}`)}</label>
          <input
            id={`${id}-${lang}`}
            required
            maxLength={MODERATION_REASON_MAX}
            value={texts[lang]}
            onChange={(e) => setTexts({ ...texts, [lang]: e.target.value })}
          />
        </div>
      ))}
      <div className="admin-actions">
        <button type="submit" className="button button--primary">
          {submit}
        </button>
        {extra}
      </div>
    </form>
  );
}

export function ReasonsEditor() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const action = useStaffAction();
  const list = useQuery(trpc.staff.reasons.list.queryOptions());
  const options = (done: (r: ModerationReason) => string) => ({
    onSuccess: (r: ModerationReason) => action.done(done(r)),
    onError: action.failed,
  });
  const add = useMutation(
    trpc.staff.reasons.add.mutationOptions(options((r) => t('admin.reasonsEditor.added', { reason: r.de }))),
  );
  const update = useMutation(
    trpc.staff.reasons.update.mutationOptions(options((r) => t('admin.reasonsEditor.saved', { reason: r.de }))),
  );
  const remove = useMutation(
    trpc.staff.reasons.remove.mutationOptions(options((r) => t('admin.reasonsEditor.removed', { reason: r.de }))),
  );
  return (
    <section className="admin-section" aria-labelledby="reasons-title">
      <h2 id="reasons-title">{t('admin.reasonsEditor.title')}</h2>
      <p>{t('admin.reasonsEditor.intro')}</p>
      {list.isPending ? (
        <p role="status">{t('app.loading')}</p>
      ) : list.isError ? (
        <p className="feedback feedback--error">{errorText(t, list.error)}</p>
      ) : (
        list.data.map((r) => (
          <ReasonForm
            key={`${r.id}-${r.de}-${r.en}`}
            initial={{ de: r.de, en: r.en }}
            label={t('admin.reasonsEditor.editLabel', { reason: r.de })}
            submit={t('admin.actions.save')}
            onSubmit={(texts) => update.mutate({ id: r.id, ...texts })}
            extra={
              <button
                type="button"
                className="button"
                aria-label={t('admin.reasonsEditor.removeLabel', { reason: r.de })}
                onClick={() => remove.mutate({ id: r.id })}
              >
                {t('admin.reasonsEditor.remove')}
              </button>
            }
          />
        ))
      )}
      <h3>{t('admin.reasonsEditor.new')}</h3>
      <ReasonForm
        initial={{ de: '', en: '' }}
        label={t('admin.reasonsEditor.new')}
        submit={t('admin.reasonsEditor.add')}
        onSubmit={(texts, reset) => add.mutate(texts, { onSuccess: reset })}
      />
    </section>
  );
}

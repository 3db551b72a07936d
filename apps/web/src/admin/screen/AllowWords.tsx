// The word screen's allow-list (docs/screening.md): words that contain a listed word innocently
// (a street such as the Höniggasse, a card game), so a name with them is never held for it.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../errors';
import { useTRPC } from '../trpc';
import { useStaffAction } from '../useStaffAction';
import { WordList } from './WordList';

export function AllowWords() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const action = useStaffAction();
  const list = useQuery(trpc.staff.screen.allowList.queryOptions());
  const wordId = useId();
  const [word, setWord] = useState('');
  const add = useMutation(
    trpc.staff.screen.allowAdd.mutationOptions({
      onSuccess: (r, input) => {
        action.done(t(r.changed ? 'admin.screenAllow.added' : 'admin.screenAllow.already', { word: input.word }));
        setWord('');
      },
      onError: action.failed,
    }),
  );
  const remove = useMutation(
    trpc.staff.screen.allowRemove.mutationOptions({
      onSuccess: (_r, input) => action.done(t('admin.screenAllow.removed', { word: input.word })),
      onError: action.failed,
    }),
  );
  return (
    <section aria-labelledby="screen-allow-title">
      <h3 id="screen-allow-title">
        {t('admin.screenAllow.title')}
        {list.data ? ` (${list.data.length})` : ''}
      </h3>
      <p>{t('admin.screenAllow.intro')}</p>
      <form
        className="admin-form"
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate({ word });
        }}
      >
        <label htmlFor={wordId}>{t('admin.screenAllow.word')}</label>
        <input id={wordId} required maxLength={60} value={word} onChange={(e) => setWord(e.target.value)} />
        <div className="admin-actions">
          <button type="submit" className="button button--primary" disabled={add.isPending}>
            {t('admin.screenAllow.add')}
          </button>
        </div>
      </form>
      {list.isPending ? (
        <p role="status">{t('app.loading')}</p>
      ) : list.isError ? (
        <p className="feedback feedback--error">{errorText(t, list.error)}</p>
      ) : list.data.length === 0 ? (
        <p>{t('admin.screenAllow.none')}</p>
      ) : (
        <WordList
          words={list.data}
          busy={remove.isPending}
          removeText={t('admin.screenAllow.remove')}
          removeLabel={(word) => t('admin.screenAllow.removeLabel', { word })}
          onRemove={(word) => remove.mutate({ word })}
        />
      )}
    </section>
  );
}

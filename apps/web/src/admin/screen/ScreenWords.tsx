// The word screen's lists (docs/screening.md): staff add and remove words per language. A change
// applies to texts sent from then on; held items stay held until staff decide on them.
import type { ScreenWordList } from '@linz/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../errors';
import { SCREEN_LANGS } from '../lists';
import { useTRPC } from '../trpc';
import { useStaffAction } from '../useStaffAction';
import { AllowWords } from './AllowWords';
import { WordList } from './WordList';

type Lang = ScreenWordList[number]['lang'];

export function ScreenWords() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const action = useStaffAction();
  const list = useQuery(trpc.staff.screen.list.queryOptions());
  const wordId = useId();
  const langId = useId();
  const [lang, setLang] = useState<Lang>('de');
  const [word, setWord] = useState('');
  const add = useMutation(
    trpc.staff.screen.add.mutationOptions({
      onSuccess: (r, input) => {
        action.done(
          t(r.changed ? 'admin.screen.added' : 'admin.screen.already', {
            word: input.word,
            list: t(`admin.screen.lang.${input.lang}`),
          }),
        );
        setWord('');
      },
      onError: action.failed,
    }),
  );
  const remove = useMutation(
    trpc.staff.screen.remove.mutationOptions({
      onSuccess: (_r, input) =>
        action.done(t('admin.screen.removed', { word: input.word, list: t(`admin.screen.lang.${input.lang}`) })),
      onError: action.failed,
    }),
  );
  const words = (l: Lang, all: ScreenWordList) => all.filter((w) => w.lang === l).map((w) => w.word);
  return (
    <section className="admin-section" aria-labelledby="screen-title">
      <h2 id="screen-title">{t('admin.screen.title')}</h2>
      <p>{t('admin.screen.intro')}</p>
      <form
        className="admin-form"
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate({ lang, word });
        }}
      >
        <label htmlFor={langId}>{t('admin.screen.list')}</label>
        <select id={langId} value={lang} onChange={(e) => setLang(e.target.value as Lang)}>
          {SCREEN_LANGS.map((l) => (
            <option key={l} value={l}>
              {t(`admin.screen.lang.${l}`)}
            </option>
          ))}
        </select>
        <label htmlFor={wordId}>{t('admin.screen.word')}</label>
        <input id={wordId} required maxLength={60} value={word} onChange={(e) => setWord(e.target.value)} />
        <div className="admin-actions">
          <button type="submit" className="button button--primary" disabled={add.isPending}>
            {t('admin.screen.add')}
          </button>
        </div>
      </form>
      {list.isPending ? (
        <p role="status">{t('app.loading')}</p>
      ) : list.isError ? (
        <p className="feedback feedback--error">{errorText(t, list.error)}</p>
      ) : (
        SCREEN_LANGS.map((l) => (
          <section key={l} aria-labelledby={`screen-${l}`}>
            <h3 id={`screen-${l}`}>
              {t(`admin.screen.lang.${l}`)} ({words(l, list.data).length})
            </h3>
            <WordList
              words={words(l, list.data)}
              busy={remove.isPending}
              removeText={t('admin.screen.remove')}
              removeLabel={(word) => t('admin.screen.removeLabel', { word, list: t(`admin.screen.lang.${l}`) })}
              onRemove={(word) => remove.mutate({ lang: l, word })}
            />
          </section>
        ))
      )}
      <AllowWords />
    </section>
  );
}

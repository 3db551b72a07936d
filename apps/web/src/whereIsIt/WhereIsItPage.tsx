// "Wo ist das?" / "Where is it?" (issue 54): every commemoration the city knows that has no place
// yet, women first; searched by name, namesake or description and filtered by whom it honours and
// its kind. Each shows what is known and takes a citizen's suggestion where it stands.
import type { UnplacedItem } from '@linz/contract';
import { fold, searchWords } from '@linz/contract/filters';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unplacedQuery } from '../api/queries/places';
import { NamedAfter } from '../commemoration/NamedAfter';
import { useCategoryLabel } from '../finder/FilterPanel';
import { BackLink } from '../layout/BackLink';
import { SuggestPlaceForm } from './SuggestPlaceForm';
import './whereIsIt.css';
import { descriptionIn } from '../commemoration/description';

const PAGE = 20;
const GENDERS = ['all', 'female', 'male', 'unknown'] as const;
const KINDS = ['all', 'street', 'other'] as const;
type Gender = (typeof GENDERS)[number];
type Kind = (typeof KINDS)[number];

const genderOf = (sex: string): Gender => (sex === 'female' || sex === 'male' ? sex : 'unknown');

function matches(item: UnplacedItem, words: string[], gender: Gender, kind: Kind): boolean {
  if (gender !== 'all' && genderOf(item.sex) !== gender) return false;
  if (kind === 'street' && item.category !== 'street') return false;
  if (kind === 'other' && item.category === 'street') return false;
  const text = fold(`${item.name} ${item.namesake?.name ?? ''} ${item.shortDescription}`);
  return words.every((w) => text.includes(w));
}

function Entry({ item }: { item: UnplacedItem }) {
  const { t, i18n } = useTranslation();
  const categoryLabel = useCategoryLabel();
  const [open, setOpen] = useState(false);
  const id = useId();
  const description = descriptionIn(item, i18n.resolvedLanguage);
  return (
    <li className="where-item">
      <article aria-labelledby={`${id}-name`}>
        <h2 id={`${id}-name`} className="where-item__name">
          {item.name}
        </h2>
        <p className="where-item__kind">
          {categoryLabel(item.category)} · {t(`commemoration.coverage.gender.${genderOf(item.sex)}`)}
        </p>
        <NamedAfter monument={item} />
        {description.text ? (
          <p className="where-item__description" lang={description.lang}>
            {description.text}
          </p>
        ) : null}
        {item.suggestions > 0 ? (
          <p className="where-item__waiting">{t('commemoration.whereIsIt.waiting', { count: item.suggestions })}</p>
        ) : null}
        <button
          type="button"
          className="button"
          aria-expanded={open}
          aria-controls={open ? `${id}-form` : undefined}
          onClick={() => setOpen(!open)}
        >
          {t('commemoration.whereIsIt.suggest', { name: item.name })}
        </button>
        {open ? <SuggestPlaceForm id={`${id}-form`} item={item} /> : null}
      </article>
    </li>
  );
}

export function WhereIsItPage() {
  const { t, i18n } = useTranslation();
  const list = useQuery(unplacedQuery());
  const id = useId();
  const [q, setQ] = useState('');
  const [gender, setGender] = useState<Gender>('all');
  const [kind, setKind] = useState<Kind>('all');
  const [shown, setShown] = useState(PAGE);
  const found = useMemo(() => {
    const words = searchWords(q);
    return (list.data ?? []).filter((item) => matches(item, words, gender, kind));
  }, [list.data, q, gender, kind]);
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setShown(PAGE);
    };
  return (
    <div className="content where-is-it">
      <BackLink label={t('commemoration.whereIsIt.back')} />
      <h1>{t('commemoration.whereIsIt.title')}</h1>
      <p>{t('commemoration.whereIsIt.intro')}</p>
      <search className="where-is-it__filters">
        <label htmlFor={`${id}-q`}>{t('commemoration.whereIsIt.search')}</label>
        <input id={`${id}-q`} type="search" value={q} onChange={(e) => reset(setQ)(e.target.value)} />
        <label htmlFor={`${id}-gender`}>{t('commemoration.coverage.honours')}</label>
        <select id={`${id}-gender`} value={gender} onChange={(e) => reset(setGender)(e.target.value as Gender)}>
          {GENDERS.map((g) => (
            <option key={g} value={g}>
              {t(g === 'all' ? 'commemoration.whereIsIt.all' : `commemoration.coverage.gender.${g}`)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-kind`}>{t('commemoration.whereIsIt.kind')}</label>
        <select id={`${id}-kind`} value={kind} onChange={(e) => reset(setKind)(e.target.value as Kind)}>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`commemoration.whereIsIt.kinds.${k}`)}
            </option>
          ))}
        </select>
      </search>
      {!list.data ? (
        <p role="status">{list.isError ? t('commemoration.whereIsIt.error') : t('app.loading')}</p>
      ) : (
        <>
          <p role="status" className="where-is-it__count">
            {t('commemoration.whereIsIt.count', {
              count: found.length,
              total: new Intl.NumberFormat(i18n.resolvedLanguage).format(list.data.length),
            })}
          </p>
          <ul className="where-is-it__list">
            {found.slice(0, shown).map((item) => (
              <Entry key={item.id} item={item} />
            ))}
          </ul>
          {found.length > shown ? (
            <button type="button" className="button" onClick={() => setShown(shown + PAGE)}>
              {t('commemoration.whereIsIt.more', { count: Math.min(PAGE, found.length - shown) })}
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}

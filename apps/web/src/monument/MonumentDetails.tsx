// A monument's view once it is found: what it is (name, description in the visitor's language,
// photo, category, whom it commemorates), its proposals as full-width cards with voting and
// proposing, where it stands (a small map and the way to the big one) and its sources.
import type { MonumentDetail } from '@linz/contract';
import { APP_PATHS } from '@linz/contract/facts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { BackLink } from '../layout/BackLink';
import { useId, useRef } from 'react';
import { lazyPart, Part } from '../layout/lazyPart';
import { useTranslation } from 'react-i18next';
import { useCategoryLabel } from '../finder/FilterPanel';
import { langOf, type Lang } from '../i18n/languages';
import { useNearViewport } from '../layout/useNearViewport';
import { monumentName } from '../i18n/monumentName';
import { firstPhoto, PhotoFigure } from '../photos/PhotoFigure';
import { monumentPhotosQuery } from '../photos/photoApi';
import { MonumentProposals } from '../popup/MonumentProposals';
import { ProposalCard } from './ProposalCard';
import { HiddenNotices } from '../mine/HiddenNotices';
import { NamedAfter } from '../commemoration/NamedAfter';
import { Sources } from './Sources';

// The small map comes after the text: Leaflet (30 KiB) is not needed to read what the monument is.
const PlaceMap = lazyPart(() => import('./PlaceMap').then((m) => ({ default: m.PlaceMap })));

/** The small map, loaded when its place comes near the screen (on a phone, below the proposals). */
function Place({ monument, name }: { monument: MonumentDetail; name: string }) {
  const { t } = useTranslation();
  const place = useRef<HTMLDivElement>(null);
  const near = useNearViewport(place);
  const empty = <div className="monument-view__map" ref={place} />;
  if (!near) return empty;
  return (
    <Part fallback={empty}>
      <PlaceMap monument={monument} name={name} label={t('monument.mapLabel', { name })} />
    </Part>
  );
}

type Props = { monument: MonumentDetail; selectedProposalId: number | undefined };

/** The description in the visitor's language; the other one, said so, when only that exists. */
function Description({ monument, lang }: { monument: MonumentDetail; lang: Lang }) {
  const { t } = useTranslation();
  const text = { de: monument.shortDescription.trim(), en: monument.shortDescription_en.trim() };
  const other: Lang = lang === 'de' ? 'en' : 'de';
  if (text[lang])
    return (
      <p className="monument-view__description" lang={lang}>
        {text[lang]}
      </p>
    );
  if (!text[other]) return <p className="monument-view__note">{t('monument.noDescription')}</p>;
  return (
    <>
      <p className="monument-view__note">{t('monument.onlyOtherLanguage')}</p>
      <p className="monument-view__description" lang={other}>
        {text[other]}
      </p>
    </>
  );
}

export function MonumentDetails({ monument, selectedProposalId }: Props) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.resolvedLanguage);
  const name = monumentName(monument, lang);
  const categoryLabel = useCategoryLabel();
  const photos = useQuery(monumentPhotosQuery(monument.id)).data ?? [];
  const photo = firstPhoto(photos, null);
  const ids = { title: useId(), proposals: useId(), place: useId(), sources: useId() };
  return (
    <article className="content monument-view" aria-labelledby={ids.title}>
      <BackLink label={t('app.toMap')} monumentId={monument.id} />
      <h1 id={ids.title}>{name}</h1>
      {monument.validated ? null : <p className="monument-popup__unvalidated">{t('popup.unvalidated')}</p>}
      {photo ? <PhotoFigure photo={photo} className="monument-view__photo" /> : null}
      <NamedAfter monument={monument} full />
      <Description monument={monument} lang={lang} />
      <dl className="monument-view__facts">
        <dt>{t('finder.category')}</dt>
        <dd>{categoryLabel(monument.category)}</dd>
        <dt>{t('finder.commemorates')}</dt>
        <dd>{t(`finder.sexes.${monument.sex}`, { defaultValue: monument.sex })}</dd>
        {monument.placement ? (
          <>
            <dt>{t('commemoration.placement')}</dt>
            <dd>
              {monument.placement.by === 'citizens'
                ? t('commemoration.placedByCitizens')
                : t('commemoration.placedFromSources', {
                    dataset: monument.placement.dataset ?? '',
                    place: monument.placement.locationText ?? '',
                  })}
            </dd>
          </>
        ) : null}
      </dl>
      <section className="monument-view__section" aria-labelledby={ids.proposals}>
        <h2 id={ids.proposals}>{t('monument.proposals')}</h2>
        <p className="monument-view__question">{t('popup.subline')}</p>
        <p className="monument-view__note">{t('monument.confirmedMeans')}</p>
        <HiddenNotices monumentId={monument.id} />
        <MonumentProposals
          monument={monument}
          name={name}
          sharedProposalId={selectedProposalId}
          photos={photos}
          Card={ProposalCard}
        />
      </section>
      <section className="monument-view__section" aria-labelledby={ids.place}>
        <h2 id={ids.place}>{t('monument.where')}</h2>
        <Place monument={monument} name={name} />
        <p>
          <Link to={APP_PATHS.home} search={{ monument: monument.id }} aria-label={t('finder.list.showOnMapOf', { name })}>
            {t('finder.list.showOnMap')}
          </Link>
        </p>
      </section>
      <Sources source={monument.source} headingId={ids.sources} />
    </article>
  );
}

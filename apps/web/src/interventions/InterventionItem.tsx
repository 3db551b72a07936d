// One entry of the interventions list: emoji and name, status and progress, monument, location,
// description, votes, the mayor notice and the city's answer.
import type { Monument } from '@linz/contract';
import { Link } from '@tanstack/react-router';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListedIntervention } from '../api/normalise';
import { langOf } from '../i18n/languages';
import { ProposalThumb } from '../photos/ProposalThumb';
import { usePublicPhoto } from '../photos/usePublicPhoto';
import { monumentName } from '../i18n/monumentName';
import { CityAnswer, StatusBadge, useThresholdVotes, VoteProgress } from '../popup/ProposalStanding';
import { MayorNotice } from '../popup/MayorNotice';
import { formatPlace } from './place';
import { useSeenCounts } from '../api/queries/seenCounts';

/** `heading`: set on the first proposal of a newly shown page, which gets focus. */
type Props = { intervention: ListedIntervention; monument: Monument | undefined; heading?: Ref<HTMLHeadingElement> | undefined };

export function InterventionItem({ intervention: listed, monument, heading }: Props) {
  const { t, i18n } = useTranslation();
  const intervention = useSeenCounts(listed);
  const lang = langOf(i18n.resolvedLanguage);
  const thresholdVotes = useThresholdVotes(intervention);
  // A listed proposal without an id (an old server's list) has no picture to look up.
  const photo = usePublicPhoto(intervention.monumentId, intervention.id ?? -1);
  const location = monument ? formatPlace(monument.geoLocX, monument.geoLocY, t) : t('interventions.unknown');
  return (
    <li className="intervention-item">
      <h2 className="intervention-item__title" ref={heading} tabIndex={-1}>
        <span className="intervention-item__emoji" role="img" aria-label={t('interventions.emoji')}>
          {intervention.emoji}
        </span>{' '}
        {intervention.name}
      </h2>
      {photo ? <ProposalThumb photo={photo} name={intervention.name} className="list-thumb" /> : null}
      <p className="intervention-item__standing">
        <StatusBadge status={intervention.status} />
        <VoteProgress votes={thresholdVotes} />
      </p>
      <dl className="intervention-item__facts">
        <dt>{t('interventions.monument')}</dt>
        <dd>{monument ? monumentName(monument, lang) : intervention.monumentId}</dd>
        <dt>{t('interventions.location')}</dt>
        <dd>{location}</dd>
        {intervention.shortDescription_en ? (
          <>
            <dt>{t('interventions.description')}</dt>
            <dd lang="en">{intervention.shortDescription_en}</dd>
          </>
        ) : null}
        <dt>{t('interventions.confirmedVotes')}</dt>
        <dd>{intervention.confirmedVotes}</dd>
        <dt>{t('interventions.votes')}</dt>
        <dd>{intervention.votes}</dd>
      </dl>
      {monument ? (
        <p>
          <Link
            to="/"
            search={{ monument: monument.id }}
            aria-label={t('finder.list.showOnMapOf', { name: monumentName(monument, lang) })}
          >
            {t('finder.list.showOnMap')}
          </Link>{' '}
          <Link
            to="/monuments/$monumentId"
            params={{ monumentId: monument.id }}
            search={intervention.id === undefined ? {} : { proposal: String(intervention.id) }}
            aria-label={t('monument.viewProposalOf', { name: intervention.name })}
          >
            {t('monument.viewProposal')}
          </Link>
        </p>
      ) : null}
      <MayorNotice at={intervention.mayorNotifiedAt} review={intervention.mayorReview} className="intervention-item__mayor" />
      {intervention.answer ? (
        <p className="intervention-item__answer">
          <CityAnswer answer={intervention.answer} />
        </p>
      ) : null}
    </li>
  );
}

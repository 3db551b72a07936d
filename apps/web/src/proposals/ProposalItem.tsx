// One entry of the proposals list: emoji and name, status and progress, monument, location,
// description, votes, the mayor notice and the city's answer.
import type { Monument } from '@linz/contract';
import { Link } from '@tanstack/react-router';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListedProposal } from '../api/normalise';
import { langOf } from '../i18n/languages';
import { ProposalThumb } from '../photos/ProposalThumb';
import { usePublicPhoto } from '../photos/usePublicPhoto';
import { monumentName } from '../i18n/monumentName';
import { CityAnswer, StatusBadge, useThresholdVotes, VoteProgress } from '../popup/ProposalStanding';
import { MayorNotice } from '../popup/MayorNotice';
import { formatPlace } from './place';
import { useSeenCounts } from '../api/queries/seenCounts';

/** `heading`: set on the first proposal of a newly shown page, which gets focus. */
type Props = { proposal: ListedProposal; monument: Monument | undefined; heading?: Ref<HTMLHeadingElement> | undefined };

export function ProposalItem({ proposal: listed, monument, heading }: Props) {
  const { t, i18n } = useTranslation();
  const proposal = useSeenCounts(listed);
  const lang = langOf(i18n.resolvedLanguage);
  const thresholdVotes = useThresholdVotes(proposal);
  // A listed proposal without an id (an old server's list) has no picture to look up.
  const photo = usePublicPhoto(proposal.monumentId, proposal.id ?? -1);
  const location = monument ? formatPlace(monument.geoLocX, monument.geoLocY, t) : t('proposals.unknown');
  return (
    <li className="proposal-item">
      <h2 className="proposal-item__title" ref={heading} tabIndex={-1}>
        {/* Decoration (the same 💡 for most): a screen reader would only say "Emoji" before each name. */}
        <span className="proposal-item__emoji" aria-hidden="true">
          {proposal.emoji}
        </span>{' '}
        {proposal.name}
      </h2>
      {photo ? <ProposalThumb photo={photo} name={proposal.name} className="list-thumb" /> : null}
      <p className="proposal-item__standing">
        <StatusBadge status={proposal.status} />
        <VoteProgress votes={thresholdVotes} />
      </p>
      <dl className="proposal-item__facts">
        <dt>{t('proposals.monument')}</dt>
        <dd>{monument ? monumentName(monument, lang) : proposal.monumentId}</dd>
        <dt>{t('proposals.location')}</dt>
        <dd>{location}</dd>
        {proposal.shortDescription_en ? (
          <>
            <dt>{t('proposals.description')}</dt>
            <dd lang="en">{proposal.shortDescription_en}</dd>
          </>
        ) : null}
        {/* The spec's facts keep their order, the votes last: the confirmed ones come before them. */}
        <dt>{t('proposals.confirmedVotes')}</dt>
        <dd>{proposal.confirmedVotes}</dd>
        <dt>{t('proposals.votes')}</dt>
        <dd>{proposal.votes}</dd>
      </dl>
      {monument ? (
        <p className="monument-item__actions">
          <Link
            to="/"
            search={{ monument: monument.id }}
            aria-label={t('finder.list.showOnMapOf', { name: monumentName(monument, lang) })}
          >
            {t('finder.list.showOnMap')}
          </Link>
          <Link
            to="/monuments/$monumentId"
            params={{ monumentId: monument.id }}
            search={proposal.id === undefined ? {} : { proposal: String(proposal.id) }}
            aria-label={t('monument.viewProposalOf', { name: proposal.name })}
          >
            {t('monument.viewProposal')}
          </Link>
        </p>
      ) : null}
      <MayorNotice at={proposal.mayorNotifiedAt} review={proposal.mayorReview} className="proposal-item__mayor" />
      {proposal.answer ? (
        <p className="proposal-item__answer">
          <CityAnswer answer={proposal.answer} />
        </p>
      ) : null}
    </li>
  );
}

// One proposal in full, the width of the page: its whole name, a labelled support button with the
// count, the count with its confirmed share, where it stands, the city's answer with its date in
// full, its picture, and follow, share and report. The vote is the popup's (MonumentProposals).
import { VOTING_CLOSED_STATUSES } from '@linz/contract/facts';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ThumbsUpIcon } from '../layout/icons';
import { ProposalThumb } from '../photos/ProposalThumb';
import type { RowProps } from '../popup/ProposalRow';
import { MayorNotice } from '../popup/MayorNotice';
import { CityAnswer, StatusBadge, useThresholdVotes, VoteProgress } from '../popup/ProposalStanding';
import { StatusTimeline } from './StatusTimeline';

export function ProposalCard({ proposal, voted, celebrating, onVote, onReport, onFollow, onShare, shared, photo }: RowProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const support = useRef<HTMLButtonElement>(null);
  const card = useRef<HTMLLIElement>(null);
  const thresholdVotes = useThresholdVotes(proposal);
  // The city decided (declined, done): voting has ended (issue 56).
  const closed = VOTING_CLOSED_STATUSES.includes(proposal.status);
  // The proposal a link selected: scrolled to and focused once, so a screen reader reads it.
  useEffect(() => {
    if (!shared) return;
    card.current?.scrollIntoView({ block: 'start' });
    card.current?.focus({ preventScroll: true });
  }, [shared]);
  const { name } = proposal;
  return (
    <li
      ref={card}
      className={`proposal-card${shared ? ' proposal-card--shared' : ''}`}
      aria-labelledby={headingId}
      tabIndex={shared ? -1 : undefined}
    >
      {shared ? <p className="proposal-card__shared">{t('monument.selected')}</p> : null}
      <div className="proposal-card__head">
        <h3 id={headingId} className="proposal-card__name">
          {name}
        </h3>
        {photo ? <ProposalThumb photo={photo} name={name} /> : null}
      </div>
      <p className="proposal-card__count">
        {t('popup.confirmedCount', { count: proposal.votes, confirmed: proposal.confirmedVotes })}
      </p>
      <p className="proposal-card__standing">
        <StatusBadge status={proposal.status} />
        <VoteProgress votes={thresholdVotes} />
      </p>
      <MayorNotice at={proposal.mayorNotifiedAt} review={proposal.mayorReview} className="proposal-card__mayor" />
      <CityAnswer answer={proposal.answer} dateStyle="fullDate" />
      <StatusTimeline history={proposal.history} />
      <div className="proposal-card__actions">
        <button
          ref={support}
          type="button"
          className={`support-button${voted ? ' support-button--voted' : ''}${celebrating ? ' thumbs-up--celebrating' : ''}`}
          aria-pressed={voted}
          aria-describedby={headingId}
          disabled={closed}
          data-celebrating={celebrating || undefined}
          onClick={() => onVote(proposal, support.current)}
        >
          <ThumbsUpIcon />
          {closed ? t('votingClosed.button') : voted ? t('monument.supported') : t('monument.support')}
          <span className="support-button__count">{proposal.votes}</span>
        </button>
        <button
          type="button"
          className="proposal-card__action"
          aria-label={t('follow.rowButtonLabel', { name })}
          onClick={(event) => onFollow(proposal, event.currentTarget)}
        >
          {t('follow.rowButton')}
        </button>
        <button
          type="button"
          className="proposal-card__action"
          aria-label={t('sharePreview.shareProposal', { name })}
          onClick={() => onShare(proposal)}
        >
          {t('sharePreview.share')}
        </button>
        <button
          type="button"
          className="proposal-card__action"
          aria-label={t('report.proposalButton', { name })}
          onClick={(event) => onReport(proposal, event.currentTarget)}
        >
          {t('report.button')}
        </button>
      </div>
    </li>
  );
}

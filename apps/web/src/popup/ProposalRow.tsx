// One proposal in the popup: thumbs-up (vote), then a column the row's width: the name, the
// count, where it stands, and follow, report and share (the monument's view shows it in full).
import type { MonumentProposal, Photo } from '@linz/contract';
import { VOTING_CLOSED_STATUSES } from '@linz/contract/facts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ThumbsUpIcon } from '../layout/icons';
import { ProposalThumb } from '../photos/ProposalThumb';
import { ProposalStanding } from './ProposalStanding';

export type RowProps = {
  proposal: MonumentProposal;
  voted: boolean;
  celebrating: boolean;
  onVote: (proposal: MonumentProposal, button: HTMLElement | null) => void;
  onReport: (proposal: MonumentProposal, button: HTMLElement) => void;
  onFollow: (proposal: MonumentProposal, button: HTMLElement) => void;
  onShare: (proposal: MonumentProposal) => void;
  /** The proposal a shared link named: marked, scrolled to and focused once. */
  shared: boolean;
  /** Its picture, shown beside it and opened large. */
  photo?: Photo | undefined;
};

export function ProposalRow({ proposal, voted, celebrating, onVote, onReport, onFollow, onShare, shared, photo }: RowProps) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const row = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!shared) return;
    row.current?.scrollIntoView({ block: 'nearest' });
    row.current?.focus({ preventScroll: true });
  }, [shared]);
  const closed = VOTING_CLOSED_STATUSES.includes(proposal.status);
  const label = closed
    ? t('votingClosed.label', { name: proposal.name })
    : voted
      ? t('popup.votedAlready', { name: proposal.name })
      : t('popup.vote', { name: proposal.name });
  return (
    <li
      ref={row}
      className={`proposal-row${shared ? ' proposal-row--shared' : ''}`}
      // Focused once when a shared link opened the popup here, so a screen reader reads it.
      tabIndex={shared ? -1 : undefined}
    >
      <button
        ref={button}
        type="button"
        className={`thumbs-up${voted ? ' thumbs-up--voted' : ''}${celebrating ? ' thumbs-up--celebrating' : ''}`}
        aria-label={label}
        aria-pressed={voted}
        disabled={closed}
        data-celebrating={celebrating || undefined}
        onClick={() => onVote(proposal, button.current)}
      >
        <ThumbsUpIcon />
      </button>
      {photo ? <ProposalThumb photo={photo} name={proposal.name} /> : null}
      <span className="proposal-row__main">
        {shared ? <span className="proposal-row__shared">{t('sharePreview.sharedHere')}</span> : null}
        <span className="proposal-row__name">{proposal.name}</span>
        <span className="proposal-row__votes">
          {t('popup.confirmedCount', { count: proposal.votes, confirmed: proposal.confirmedVotes })}
        </span>
        <ProposalStanding proposal={proposal} />
        <span className="proposal-row__actions">
          <button
            type="button"
            className="report-link follow-link"
            aria-label={t('follow.rowButtonLabel', { name: proposal.name })}
            onClick={(event) => onFollow(proposal, event.currentTarget)}
          >
            {t('follow.rowButton')}
          </button>
          <button
            type="button"
            className="report-link"
            aria-label={t('report.proposalButton', { name: proposal.name })}
            onClick={(event) => onReport(proposal, event.currentTarget)}
          >
            {t('report.button')}
          </button>
          <button
            type="button"
            className="report-link"
            aria-label={t('sharePreview.shareProposal', { name: proposal.name })}
            onClick={() => onShare(proposal)}
          >
            {t('sharePreview.share')}
          </button>
        </span>
      </span>
    </li>
  );
}

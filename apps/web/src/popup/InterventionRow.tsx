// One intervention in the popup: thumbs-up (vote), then a column the row's width: the name, the
// count, where it stands, and follow, report and share (the monument's view shows it in full).
import type { MonumentIntervention, Photo } from '@linz/contract';
import { VOTING_CLOSED_STATUSES } from '@linz/contract/facts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ThumbsUpIcon } from '../layout/icons';
import { ProposalThumb } from '../photos/ProposalThumb';
import { ProposalStanding } from './ProposalStanding';

export type RowProps = {
  intervention: MonumentIntervention;
  voted: boolean;
  celebrating: boolean;
  onVote: (intervention: MonumentIntervention, button: HTMLElement | null) => void;
  onReport: (intervention: MonumentIntervention, button: HTMLElement) => void;
  onFollow: (intervention: MonumentIntervention, button: HTMLElement) => void;
  onShare: (intervention: MonumentIntervention) => void;
  /** The proposal a shared link named: marked, scrolled to and focused once. */
  shared: boolean;
  /** Its picture, shown beside it and opened large. */
  photo?: Photo | undefined;
};

export function InterventionRow({
  intervention,
  voted,
  celebrating,
  onVote,
  onReport,
  onFollow,
  onShare,
  shared,
  photo,
}: RowProps) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const row = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!shared) return;
    row.current?.scrollIntoView({ block: 'nearest' });
    row.current?.focus({ preventScroll: true });
  }, [shared]);
  const closed = VOTING_CLOSED_STATUSES.includes(intervention.status);
  const label = closed
    ? t('votingClosed.label', { name: intervention.name })
    : voted
      ? t('popup.votedAlready', { name: intervention.name })
      : t('popup.vote', { name: intervention.name });
  return (
    <li
      ref={row}
      className={`intervention-row${shared ? ' intervention-row--shared' : ''}`}
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
        onClick={() => onVote(intervention, button.current)}
      >
        <ThumbsUpIcon />
      </button>
      {photo ? <ProposalThumb photo={photo} name={intervention.name} /> : null}
      <span className="intervention-row__main">
        {shared ? <span className="intervention-row__shared">{t('sharePreview.sharedHere')}</span> : null}
        <span className="intervention-row__name">{intervention.name}</span>
        <span className="intervention-row__votes">
          {t('popup.confirmedCount', { count: intervention.votes, confirmed: intervention.confirmedVotes })}
        </span>
        <ProposalStanding proposal={intervention} />
        <span className="intervention-row__actions">
          <button
            type="button"
            className="report-link follow-link"
            aria-label={t('follow.rowButtonLabel', { name: intervention.name })}
            onClick={(event) => onFollow(intervention, event.currentTarget)}
          >
            {t('follow.rowButton')}
          </button>
          <button
            type="button"
            className="report-link"
            aria-label={t('report.proposalButton', { name: intervention.name })}
            onClick={(event) => onReport(intervention, event.currentTarget)}
          >
            {t('report.button')}
          </button>
          <button
            type="button"
            className="report-link"
            aria-label={t('sharePreview.shareProposal', { name: intervention.name })}
            onClick={() => onShare(intervention)}
          >
            {t('sharePreview.share')}
          </button>
        </span>
      </span>
    </li>
  );
}

// What a monument offers besides its name: its proposals with votes and where they stand, voting,
// proposing a new one, and reporting. Shared by the map's popup, the /monuments list and the
// monument's own view (which shows each proposal as a full-width card: `Card`).
import type { Monument, MonumentProposal, Photo } from '@linz/contract';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type ComponentType, type ReactNode } from 'react';
import { lazyPart, Part } from '../layout/lazyPart';
import { useTranslation } from 'react-i18next';
import { monumentProposalsQuery } from '../api/queries';
import { FeedbackBanner } from '../feedback/FeedbackBanner';
import { success, type Feedback } from '../feedback/feedback';
import { firstPhoto } from '../photos/PhotoFigure';
import { FollowOffer } from '../follow/FollowOffer';
import { votedList } from '../storage/keys';
import { AddProposalForm } from './AddProposalForm';
import { ProposalRow, type RowProps } from './ProposalRow';
import { FEEDBACK, proposalLink, ShareLink } from './ShareLink';
import { shareLink } from '../share/share';
import { useAddProposal } from './useAddProposal';
import { UnderReviewRows } from '../review/UnderReview';
import { useUnderReview } from '../review/useUnderReview';
import { useVote } from './useVote';
import { ALREADY_VOTED } from './castVote';
import { useWholeRows } from './wholeRows';
import { VoteConfirmForm } from './VoteConfirmForm';
import type { ReportTarget } from './report/sendReport';

// The report dialog loads when a visitor first asks to report something.
const ReportDialog = lazyPart(() => import('./report/ReportDialog').then((m) => ({ default: m.ReportDialog })));
// So does the photo form, when a visitor first asks to add a photo.
const PhotoUploadForm = lazyPart(() => import('../photos/PhotoUploadForm').then((m) => ({ default: m.PhotoUploadForm })));
// So does the follow dialog, when a visitor first asks to follow a proposal.
const FollowDialog = lazyPart(() => import('../follow/FollowDialog').then((m) => ({ default: m.FollowDialog })));

type Reporting = { target: ReportTarget; name: string; opener: HTMLElement };
type Proposal = { id: number; name: string; voted?: boolean };
type Following = Proposal & { opener: HTMLElement };

type Props = {
  monument: Monument;
  name: string;
  sharedProposalId?: number | undefined;
  /** The photos this browser may see (the popup's; none in the /monuments list). */
  photos?: Photo[] | undefined;
  /** Each proposal as this (the view's full-width card) instead of the popup's row in its 150 px list. */
  Card?: ComponentType<RowProps> | undefined;
};

export function MonumentProposals({ monument, name, sharedProposalId, photos, Card }: Props) {
  const { t } = useTranslation();
  const [feedback, setFeedbackOnly] = useState<Feedback | null>(null);
  // The proposal just voted for or added: its confirmation offers to follow it.
  const [offer, setOffer] = useState<Proposal | null>(null);
  const setFeedback = (next: Feedback | null) => {
    setFeedbackOnly(next);
    if (next?.key !== ALREADY_VOTED) setOffer(null);
  };
  const proposals = useQuery(monumentProposalsQuery(monument.id));
  // This browser's own proposals here that staff still have to approve: only it sees them.
  const ownUnderReview = (useUnderReview()?.proposed ?? [])
    .filter((p) => p.underReview && p.monument.id === monument.id)
    .map((p) => p.proposal);
  const { vote, celebrating } = useVote(monument.id, setFeedback);
  const { add, adding } = useAddProposal(monument.id, setFeedback, (row) => setOffer({ id: row.id, name: row.name }));
  const [following, setFollowing] = useState<Following | null>(null);
  const followDone = () => {
    following?.opener.focus({ preventScroll: true });
    setFollowing(null);
  };
  const voted = votedList.read(monument.id);
  // The proposal whose vote button was pressed last: pressed again, "already voted" keeps its offer
  // (follow, confirm by e-mail) open instead of taking it away.
  const [lastVote, setLastVote] = useState<number | null>(null);
  const offerShown =
    offer !== null &&
    (feedback?.kind === 'success' || (offer.voted === true && lastVote === offer.id && feedback?.key === ALREADY_VOTED));
  const [reporting, setReporting] = useState<Reporting | null>(null);
  const [byHand, setByHand] = useState<string | null>(null);
  const [addingPhoto, setAddingPhoto] = useState(false);
  const photoButton = useRef<HTMLButtonElement>(null);
  const photoOf = (id: number) => (photos ? firstPhoto(photos, id) : undefined);
  const share = async (item: MonumentProposal) => {
    const url = proposalLink(monument.id, item.id);
    const outcome = await shareLink({ title: item.name, text: name, url });
    if (outcome === 'cancelled') return;
    setByHand(outcome === 'failed' ? url : null);
    setFeedback(FEEDBACK[outcome]);
  };
  const reportDone = (thanks: Feedback | null) => {
    if (thanks) setFeedback(thanks);
    // Back to the button that opened it (the dialog was on <body>).
    reporting?.opener.focus({ preventScroll: true });
    setReporting(null);
  };

  return (
    <>
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      {offer && offerShown ? (
        <FollowOffer
          key={offer.id}
          name={offer.name}
          folded={Card === undefined}
          onFollow={(opener) => setFollowing({ ...offer, opener })}
        >
          {offer.voted ? <VoteConfirmForm proposalId={offer.id} name={offer.name} /> : null}
        </FollowOffer>
      ) : null}
      <UnderReviewRows names={ownUnderReview} />
      {/* Offline, a list never seen here waits (paused) or fails: it says why, not "loading". */}
      {(proposals.isPending && proposals.fetchStatus === 'paused') || (proposals.isError && navigator.onLine === false) ? (
        <p className="monument-popup__offline" role="status">
          {t('popup.offline')}
        </p>
      ) : proposals.isPending ? (
        <p className="monument-popup__loading" role="status">
          {t('popup.loading')}
        </p>
      ) : proposals.isError ? (
        <p className="monument-popup__error" role="alert">
          {t('errors.loadProposals')}
        </p>
      ) : proposals.data.length === 0 ? (
        <p className="monument-popup__empty">{t('popup.empty')}</p>
      ) : (
        <ProposalList cards={Card !== undefined} label={t('popup.listLabel')}>
          {proposals.data.map((proposal) => {
            const Row = Card ?? ProposalRow;
            return (
              <Row
                key={proposal.id}
                proposal={proposal}
                voted={voted.includes(proposal.id)}
                celebrating={celebrating === proposal.id}
                onVote={(item, button) => {
                  setLastVote(item.id);
                  void vote(item, button).then((outcome) => {
                    if (outcome.type === 'recorded') setOffer({ id: item.id, name: item.name, voted: true });
                  });
                }}
                onFollow={(item, opener) => setFollowing({ id: item.id, name: item.name, opener })}
                shared={proposal.id === sharedProposalId}
                photo={photoOf(proposal.id)}
                onShare={(item) => void share(item)}
                onReport={(item, opener) =>
                  setReporting({ target: { kind: 'proposal', proposalId: item.id }, name: item.name, opener })
                }
              />
            );
          })}
        </ProposalList>
      )}
      {byHand ? (
        <input
          className="share-link__url"
          readOnly
          value={byHand}
          aria-label={t('sharePreview.linkLabel')}
          onFocus={(event) => event.currentTarget.select()}
        />
      ) : null}
      {Card ? <h3 className="proposal-cards__propose">{t('monument.proposeOther')}</h3> : null}
      <AddProposalForm
        adding={adding}
        onAdd={add}
        hint={monument.category === 'street' ? t('commemoration.streetHint', { name }) : undefined}
      />
      {photos === undefined ? null : (
        <button
          ref={photoButton}
          type="button"
          className="report-link photo-add"
          aria-haspopup="dialog"
          onClick={() => setAddingPhoto(true)}
        >
          {t('photos.add')}
        </button>
      )}
      {addingPhoto ? (
        <Part fallback={null}>
          <PhotoUploadForm
            monumentId={monument.id}
            proposals={(proposals.data ?? []).filter((p) => !photoOf(p.id))}
            onDone={(outcome) => {
              setAddingPhoto(false);
              if (outcome === 'sent') setFeedback(success('photos.sent'));
              photoButton.current?.focus({ preventScroll: true });
            }}
          />
        </Part>
      ) : null}
      <ShareLink monumentId={monument.id} name={name} onOutcome={setFeedback} />
      <button
        type="button"
        className="report-link report-link--monument"
        onClick={(event) =>
          setReporting({ target: { kind: 'monument', monumentId: monument.id }, name, opener: event.currentTarget })
        }
      >
        {t('report.monumentButton')}
      </button>
      {reporting ? (
        <Part fallback={null}>
          <ReportDialog target={reporting.target} name={reporting.name} onDone={reportDone} />
        </Part>
      ) : null}
      {following ? (
        <Part fallback={null}>
          <FollowDialog proposalId={following.id} name={following.name} onDone={followDone} />
        </Part>
      ) : null}
    </>
  );
}

/** The popup's list scrolls within 150 px (spec), so it takes focus to be scrolled; the view's cards do not scroll. */
function ProposalList({ cards, label, children }: { cards: boolean; label: string; children: ReactNode }) {
  const list = useRef<HTMLUListElement>(null);
  useWholeRows(list, !cards);
  if (cards)
    return (
      <ul className="proposal-cards" aria-label={label}>
        {children}
      </ul>
    );
  return (
    // A scrolling list must be reachable by keyboard to be scrolled (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <ul ref={list} className="monument-popup__list" aria-label={label} tabIndex={0}>
      {children}
    </ul>
  );
}

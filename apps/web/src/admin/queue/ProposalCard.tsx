// One proposal for staff: its text, state, reports, and the actions on it (correct the text,
// hide, merge into another, restore, the official answer). Used by the queue and by the list of all proposals.
import type {
  ModerationReasonText,
  Moderation,
  ProposalAnswer,
  ProposalStatus,
  QueueProposal,
  QueueReport,
  Reporters,
  ScreenHit,
} from '@linz/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../trpc';
import { useStaffAction } from '../useStaffAction';
import { AnswerForm } from './AnswerForm';
import { HiddenReason } from './HiddenReason';
import { ApproveButton, hideClass } from './ApproveButton';
import { HideDialog } from './HideDialog';
import { ItemContext } from './ItemContext';
import { Reports } from './Reports';
import { MarkedName, ScreenTag } from './ScreenMarks';
import { useRejected } from './rejected';
import { useReviewVotes } from '../votes/reviewVotes';
import { EditActions } from './EditActions';
import { ProposalMergeDialog } from './MergeDialog';

export type StaffProposal = {
  id: number;
  name: string;
  votes: number;
  status: ProposalStatus;
  answer: ProposalAnswer | null;
  monumentId: string;
  monumentName: string | undefined;
  moderation: Moderation;
  reports: readonly QueueReport[];
  /** Queue items only: who reported, the monument's place and context, why staff hid it. */
  reporters?: Reporters;
  monument?: QueueProposal['monument'];
  moderationReason?: ModerationReasonText | null;
  /** Where the word screen matched the name (queue items only). */
  screen?: readonly ScreenHit[];
  /** Confirmed e-mail followers; undefined while not known yet. */
  followers: number | undefined;
};

function TextEditor({ proposal, onDone }: { proposal: StaffProposal; onDone: () => void }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const action = useStaffAction();
  const id = useId();
  const [name, setName] = useState(proposal.name);
  const update = useMutation(
    trpc.staff.proposals.update.mutationOptions({
      onSuccess: (saved) => {
        action.done(t('admin.done.updated', { name: saved.name }));
        onDone();
      },
      onError: action.failed,
    }),
  );
  return (
    <form
      className="admin-form"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate({ proposalId: proposal.id, name });
      }}
    >
      <label htmlFor={id}>{t('admin.fields.proposalText')}</label>
      <input id={id} required value={name} onChange={(e) => setName(e.target.value)} />
      <EditActions saving={update.isPending} onCancel={onDone} />
    </form>
  );
}

type CardProps = {
  proposal: StaffProposal;
  /** Opened with its answer form (a link from the mayor's mail, LinkedAnswer). */
  initiallyOpen?: 'answer';
  /** Its monument's map drawn at once (ItemContext MAPS_AT_ONCE). */
  mapShown?: boolean;
};

export function ProposalCard({ proposal, initiallyOpen, mapShown }: CardProps) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const action = useStaffAction();
  const headingId = useId();
  const [open, setOpen] = useState<'edit' | 'answer' | null>(initiallyOpen ?? null);
  const [dialog, setDialog] = useState<'hide' | 'merge' | null>(null);
  const rejected = useRejected();
  const reviewVotes = useReviewVotes();
  const { name } = proposal;
  const ref = { proposalId: proposal.id };
  const reject = useMutation(
    trpc.staff.proposals.reject.mutationOptions({
      onSuccess: (saved) => {
        rejected.rejectedProposal(saved);
        action.done(t('admin.done.hidden', { name }));
      },
      onError: action.failed,
    }),
  );
  const restore = useMutation(
    trpc.staff.proposals.restore.mutationOptions({
      onSuccess: () => {
        rejected.restored('proposal', proposal.id);
        action.done(t('admin.done.restored', { name }));
      },
      onError: action.failed,
    }),
  );
  const approve = useMutation(
    trpc.staff.proposals.approve.mutationOptions({
      onSuccess: () => action.done(t('admin.done.approved', { name })),
      onError: action.failed,
    }),
  );
  const awaiting = proposal.moderation === 'held' || proposal.moderation === 'pending';
  const toggle = (which: 'edit' | 'answer') => setOpen(open === which ? null : which);
  return (
    <article className="admin-card" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <MarkedName text={name} hits={proposal.screen} />
      </h3>
      <ul className="admin-tags">
        {/* The number the mails name ("Vorschlag Nr. 12"), so staff find the card a mail speaks of. */}
        <li>{t('admin.tags.number', { id: proposal.id })}</li>
        {proposal.monumentName && <li>{t('admin.tags.at', { name: proposal.monumentName })}</li>}
        <li>{t(`admin.moderation.${proposal.moderation}`)}</li>
        <ScreenTag hits={proposal.screen} />
        <li>{t('admin.tags.votes', { count: proposal.votes })}</li>
        <li>{t(`admin.statuses.${proposal.status}`)}</li>
        {proposal.followers !== undefined && <li>{t('admin.tags.followers', { count: proposal.followers })}</li>}
      </ul>
      {proposal.monument && proposal.reporters && (
        <ItemContext
          place={proposal.monument}
          name={proposal.monumentName ?? name}
          reporters={proposal.reporters}
          mapShown={mapShown}
        />
      )}
      <HiddenReason reason={proposal.moderationReason ?? null} />
      <Reports reports={proposal.reports} />
      <div className="admin-actions">
        {awaiting && (
          <ApproveButton
            moderation={proposal.moderation}
            name={name}
            busy={approve.isPending}
            onApprove={() => approve.mutate(ref)}
          />
        )}
        <button type="button" className="button" aria-expanded={open === 'edit'} onClick={() => toggle('edit')}>
          {t('admin.actions.editText')}
        </button>
        <button type="button" className="button" aria-expanded={open === 'answer'} onClick={() => toggle('answer')}>
          {t('admin.actions.answer')}
        </button>
        {proposal.moderation !== 'rejected' && (
          <button
            type="button"
            className={hideClass(proposal.moderation)}
            disabled={reject.isPending}
            onClick={() => setDialog('hide')}
          >
            {t('admin.actions.hide')}
          </button>
        )}
        {proposal.moderation !== 'rejected' && (
          <button type="button" className="button" onClick={() => setDialog('merge')}>
            {t('admin.actions.merge')}
          </button>
        )}
        {reviewVotes && (
          <button
            type="button"
            className="button"
            aria-label={t('admin.votes.reviewLabel', { name })}
            onClick={() => reviewVotes(proposal.id)}
          >
            {t('admin.nav.votes')}
          </button>
        )}
        {!awaiting && (proposal.moderation !== 'visible' || proposal.reports.length > 0) && (
          <button type="button" className="button" disabled={restore.isPending} onClick={() => restore.mutate(ref)}>
            {/* A visible item with reports: the reports are dismissed (issue 56), nothing is restored. */}
            {proposal.moderation === 'visible' ? t('desk56.dismissReports') : t('admin.actions.restore')}
          </button>
        )}
      </div>
      {open === 'edit' && <TextEditor proposal={proposal} onDone={() => setOpen(null)} />}
      {open === 'answer' && <AnswerForm proposalId={proposal.id} name={name} status={proposal.status} answer={proposal.answer} />}
      {dialog === 'hide' && (
        <HideDialog
          title={t('admin.hide.proposalTitle', { name })}
          text={t('admin.hide.proposalText')}
          onHide={(reason) => reject.mutate({ ...ref, reason })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'merge' && <ProposalMergeDialog proposal={proposal} onClose={() => setDialog(null)} />}
    </article>
  );
}

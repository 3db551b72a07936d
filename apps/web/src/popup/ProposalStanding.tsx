// Where a proposal stands: the city's status (a text badge), its progress toward the mayor's
// threshold, when the mayor's office got the e-mail, and the city's answer in the visitor's language.
// Shared by the popup's rows and the /interventions list.
import type { Intervention } from '@linz/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { clientConfigQuery } from '../api/queries';
import { useVoteThreshold } from '../api/queries/voteThreshold';
import { langOf } from '../i18n/languages';
import type { DateStyle } from '../i18n/writing';
import { useLocalDate } from './localDate';
import { MayorNotice } from './MayorNotice';

type Props = {
  proposal: Pick<Intervention, 'votes' | 'confirmedVotes' | 'mayorNotifiedAt' | 'mayorReview' | 'status' | 'answer'>;
};

/** The votes the mayor's threshold counts here: all counted votes, or (THRESHOLD_COUNTS=confirmed) the confirmed ones. */
export function useThresholdVotes(proposal: Pick<Intervention, 'votes' | 'confirmedVotes'>): number {
  const counts = useQuery(clientConfigQuery()).data?.thresholdCounts ?? 'votes';
  return counts === 'confirmed' ? proposal.confirmedVotes : proposal.votes;
}

export function StatusBadge({ status }: { status: Intervention['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`status-badge status-badge--${status}`}>
      <span className="visually-hidden">{t('proposal.statusLabel')} </span>
      {t(`proposal.status.${status}`)}
    </span>
  );
}

/** "7 of 10 votes" with a bar; past the threshold it stays full (the count is shown beside it). */
export function VoteProgress({ votes }: { votes: number }) {
  const { t } = useTranslation();
  const threshold = useVoteThreshold();
  const reached = Math.min(votes, threshold);
  const text = t('proposal.progress', { votes: reached, threshold });
  return (
    <span className="vote-progress">
      <span
        className="vote-progress__bar"
        role="progressbar"
        aria-label={t('proposal.progressName')}
        aria-valuemin={0}
        aria-valuemax={threshold}
        aria-valuenow={reached}
        aria-valuetext={text}
      >
        <span className="vote-progress__fill" style={{ width: `${(reached / threshold) * 100}%` }} />
      </span>
      <span className="vote-progress__text" aria-hidden="true">
        {text}
      </span>
    </span>
  );
}

export function CityAnswer({ answer, dateStyle = 'date' }: { answer: Intervention['answer']; dateStyle?: DateStyle }) {
  const { t, i18n } = useTranslation();
  const date = useLocalDate(dateStyle)(answer?.answeredAt);
  if (!answer) return null;
  const lang = langOf(i18n.resolvedLanguage);
  // One language is enough for the city: the other is shown, with a note that says so.
  const other = lang === 'de' ? 'en' : 'de';
  const shown = answer[lang] !== null ? lang : other;
  return (
    <span className="city-answer">
      <span className="city-answer__label">{date ? t('proposal.answerOn', { date }) : t('proposal.answer')}</span>{' '}
      <span lang={shown}>{answer[shown]}</span>
      {shown !== lang ? <span className="city-answer__only"> ({t(`timeline.answerOnly_${shown}`)})</span> : null}
    </span>
  );
}

export function ProposalStanding({ proposal }: Props) {
  const votes = useThresholdVotes(proposal);
  return (
    <span className="proposal-standing">
      <StatusBadge status={proposal.status} />
      <VoteProgress votes={votes} />
      <MayorNotice at={proposal.mayorNotifiedAt} review={proposal.mayorReview} />
      <CityAnswer answer={proposal.answer} />
    </span>
  );
}

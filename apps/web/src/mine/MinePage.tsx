// /mine, "Meine Beteiligung": what this browser proposed, voted for and follows (the server knows
// it by the voter cookie; no account). Each proposal with where it stands and a link to the map.
import '../follow/follow.css';
import type { Mine, MineItem } from '@linz/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Feedback } from '../feedback/feedback';
import { FeedbackBanner } from '../feedback/FeedbackBanner';
import { setWatching } from '../follow/followApi';
import { mineKey, mineQuery } from '../api/queries/mine';
import { proposalLink } from '../follow/tokenSearch';
import { langOf } from '../i18n/languages';
import { ProposalThumb } from '../photos/ProposalThumb';
import { usePublicPhoto } from '../photos/usePublicPhoto';
import { BackLink } from '../layout/BackLink';
import { ProposalStanding } from '../popup/ProposalStanding';
import { VoteConfirmForm } from '../popup/VoteConfirmForm';
import { ReviewBadge } from '../review/UnderReview';
import { HiddenNotice } from './HiddenNotices';

const SECTIONS = ['proposed', 'voted', 'following'] as const satisfies readonly (keyof Mine)[];
type Section = (typeof SECTIONS)[number];

function MineEntry({ item, section, onUnwatch }: { item: MineItem; section: Section; onUnwatch: (item: MineItem) => void }) {
  const { t, i18n } = useTranslation();
  const { proposal, monument } = item;
  const where = langOf(i18n.resolvedLanguage) === 'en' && monument.name_en ? monument.name_en : monument.name;
  const photo = usePublicPhoto(monument.id, proposal.id);
  return (
    <li className="mine-item">
      <h3 className="mine-item__name">
        {proposal.name}
        {item.underReview ? (
          <>
            {' '}
            <ReviewBadge />
          </>
        ) : null}
      </h3>
      {photo ? <ProposalThumb photo={photo} name={proposal.name} className="list-thumb" /> : null}
      <p className="mine-item__monument">{t('follow.mine.at', { monument: where })}</p>
      {item.underReview ? <p className="review-explain">{t('review.explain')}</p> : <ProposalStanding proposal={proposal} />}
      {/* The popup offers it once, with its banner; here it can be asked for again at any time. */}
      {section !== 'voted' ? null : item.voteConfirmed ? (
        <p className="mine-item__confirmed">{t('follow.mine.voteConfirmed')}</p>
      ) : (
        <VoteConfirmForm proposalId={proposal.id} name={proposal.name} />
      )}
      <p className="mine-item__actions">
        <Link {...proposalLink(monument.id, proposal.id)} aria-label={t('follow.mine.mapLabel', { name: proposal.name })}>
          {t('follow.mapLink')}
        </Link>
        {section === 'following' ? (
          <button
            type="button"
            className="report-link"
            aria-label={t('follow.mine.unwatchLabel', { name: proposal.name })}
            onClick={() => onUnwatch(item)}
          >
            {t('follow.mine.unwatch')}
          </button>
        ) : null}
      </p>
    </li>
  );
}

export function MinePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mine = useQuery(mineQuery());
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const unwatch = async (item: MineItem) => {
    const outcome = await setWatching(item.proposal.id, false);
    setFeedback(outcome.feedback);
    if (outcome.ok) await queryClient.invalidateQueries({ queryKey: mineKey });
  };
  return (
    <div className="content mine">
      <BackLink label={t('about.back')} />
      <h1>{t('follow.mine.headline')}</h1>
      <p>{t('follow.mine.intro')}</p>
      <FeedbackBanner feedback={feedback} onClose={() => setFeedback(null)} />
      {mine.isPending ? (
        <p role="status">{t('follow.mine.loading')}</p>
      ) : mine.isError ? (
        <p role="alert">{t('follow.mine.error')}</p>
      ) : (
        <>
          {mine.data.reviewing.length > 0 ? (
            <section aria-labelledby="mine-reviewing">
              <h2 id="mine-reviewing">
                {t('review.monuments')} ({mine.data.reviewing.length})
              </h2>
              <ul className="mine__list">
                {mine.data.reviewing.map((m) => (
                  <li key={m.id} className="mine-item">
                    <h3 className="mine-item__name">
                      {m.name} <ReviewBadge />
                    </h3>
                    <p className="review-explain">{t('review.explain')}</p>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {mine.data.added.length > 0 ? (
            <section aria-labelledby="mine-added">
              <h2 id="mine-added">
                {t('follow.mine.added')} ({mine.data.added.length})
              </h2>
              <ul className="mine__list">
                {mine.data.added.map((m) => (
                  <li key={m.id} className="mine-item">
                    <h3 className="mine-item__name">{m.name}</h3>
                    <p className="mine-item__actions">
                      <Link
                        to="/monuments/$monumentId"
                        params={{ monumentId: m.id }}
                        aria-label={t('follow.mine.viewLabel', { name: m.name })}
                      >
                        {t('monument.openView')}
                      </Link>
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {mine.data.hidden.length > 0 ? (
            <section aria-labelledby="mine-hidden">
              <h2 id="mine-hidden">
                {t('hidden.title')} ({mine.data.hidden.length})
              </h2>
              <ul className="mine__list">
                {mine.data.hidden.map((item) => (
                  <li key={`${item.kind}-${item.name}-${item.monumentId}`} className="mine-item">
                    <h3 className="mine-item__name">{item.name}</h3>
                    {item.kind === 'proposal' ? (
                      <p className="mine-item__monument">{t('follow.mine.at', { monument: item.monumentName })}</p>
                    ) : null}
                    <HiddenNotice item={item} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {SECTIONS.map((section) => (
            <section key={section} aria-labelledby={`mine-${section}`}>
              <h2 id={`mine-${section}`}>
                {t(`follow.mine.${section}`)} ({mine.data[section].length})
              </h2>
              {mine.data[section].length === 0 ? (
                <p className="mine__empty">{t(`follow.mine.empty.${section}`)}</p>
              ) : (
                <ul className="mine__list">
                  {mine.data[section].map((item) => (
                    <MineEntry key={item.proposal.id} item={item} section={section} onUnwatch={(i) => void unwatch(i)} />
                  ))}
                </ul>
              )}
            </section>
          ))}
        </>
      )}
      <BackLink label={t('about.back')} />
    </div>
  );
}

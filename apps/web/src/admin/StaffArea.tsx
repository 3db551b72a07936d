// The signed-in staff area: who is signed in, sign-out, and one view at a time.
import { APP_PATHS } from '@linz/contract/facts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pendingAnswer } from '../storage/keys';
import { useAnnounce } from './Announcer';
import { AuditLog } from './audit/AuditLog';
import { errorText } from './errors';
import { AccessibilityFeedback } from './feedback/AccessibilityFeedback';
import { ReviewWarning } from './feedback/ReviewWarning';
import { Outbox } from './outbox/Outbox';
import { Photos } from './photos/Photos';
import { Places } from './places/Places';
import { AllProposals } from './queue/AllProposals';
import { LinkedAnswer } from './queue/LinkedAnswer';
import { Queue } from './queue/Queue';
import { ReasonsEditor } from './queue/ReasonsEditor';
import { queueCount } from './queue/split';
import { RejectedProvider } from './queue/rejected';
import { ScreenWords } from './screen/ScreenWords';
import { useTRPC } from './trpc';
import { ReviewVotesContext } from './votes/reviewVotes';
import { VoteAlerts } from './votes/VoteAlerts';
import { VotesView } from './votes/VotesView';
import { useCityTimeZone } from './format';

const VIEWS = [
  'review',
  'reports',
  'proposals',
  'places',
  'votes',
  'photos',
  'screen',
  'reasons',
  'audit',
  'outbox',
  'feedback',
] as const;
type View = (typeof VIEWS)[number];

export function StaffArea({ name, onSignedOut }: { name: string; onSignedOut: () => void }) {
  const { t } = useTranslation();
  const timeZone = useCityTimeZone();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const [view, setView] = useState<View>('review');
  // The queue's two tabs show how many items wait in each (the same query as the tabs' lists).
  const queue = useQuery(trpc.staff.queue.queryOptions());
  // "Wo ist das?" has its words in its own block (issue 54).
  const navLabel = (v: View) => (v === 'places' ? t('commemoration.admin.nav') : t(`admin.nav.${v}`));
  // What waits on each tab, once it is known (never "(0)" while loading): the queue's two lists, the
  // photos to check, the suggested places, the mails that need staff (failed or held) and the
  // accessibility reports. Each tab reads its list again when it is opened (refetchOnMount), and
  // its count follows.
  const pendingPhotos = useQuery(trpc.staff.photos.list.queryOptions({ status: 'pending' }));
  const places = useQuery(trpc.staff.places.list.queryOptions());
  const outbox = useQuery(trpc.staff.outbox.list.queryOptions());
  const feedback = useQuery(trpc.staff.accessibilityFeedback.list.queryOptions());
  const counts: Partial<Record<View, number | undefined>> = {
    review: queue.data && queueCount(queue.data, 'review'),
    reports: queue.data && queueCount(queue.data, 'reports'),
    photos: pendingPhotos.data?.length,
    places: places.data?.items.length,
    outbox: outbox.data?.filter((e) => e.status === 'failed' || e.status === 'held').length,
    feedback: feedback.data?.length,
  };
  const countOf = (v: View) => counts[v];
  // The proposal whose votes "Stimmen prüfen" shows (chosen from an alert, a proposal or its number).
  const [reviewing, setReviewing] = useState<number | null>(null);
  const review = (proposalId: number) => {
    setReviewing(proposalId);
    setView('votes');
  };
  // A proposal's answer form opened by a link (`?answer=<id>`, the mayor's mail), above the view.
  const linked = useSearch({ strict: false }).answer;
  const navigate = useNavigate();
  // The sign-in form that had focus is gone: start keyboard and screen-reader users at the title
  // (or in the linked answer form, which takes the focus itself).
  const title = useRef<HTMLHeadingElement>(null);
  const [startAtTitle] = useState(linked === undefined);
  useEffect(() => {
    if (startAtTitle) title.current?.focus();
    // Back from the city's sign-in, which knows no answer link: open the one that was open.
    const pending = pendingAnswer.take();
    if (linked === undefined && pending) void navigate({ to: APP_PATHS.admin, search: { answer: pending }, replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the staff area opens
  }, []);
  const signOut = useMutation(
    trpc.staff.session.signOut.mutationOptions({
      onSuccess: () => {
        queryClient.removeQueries({ queryKey: trpc.staff.pathKey() });
        announce(t('admin.session.signedOut'));
        onSignedOut();
      },
      onError: (error) => announce(errorText(t, error)),
    }),
  );
  return (
    <>
      <div className="admin-bar">
        <h1 ref={title} tabIndex={-1}>
          {t('admin.title')}
        </h1>
        <p className="admin-bar__who">{t('admin.session.who', { name })}</p>
        <button className="button" type="button" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          {t('admin.session.signOut')}
        </button>
      </div>
      <p className="admin-clock">{t('admin.session.clock', { zone: timeZone })}</p>
      {/* The views' buttons stand above what loads (the alerts' table would push them down under a click). */}
      <nav className="admin-nav" aria-label={t('admin.nav.label')}>
        {VIEWS.map((v) => (
          <button key={v} type="button" className="button admin-nav__item" aria-pressed={view === v} onClick={() => setView(v)}>
            {countOf(v) === undefined ? navLabel(v) : t('admin.nav.withCount', { label: navLabel(v), count: countOf(v) })}
          </button>
        ))}
      </nav>
      {/* Open vote alerts come first among the contents: a held mayor's mail waits for them. */}
      <VoteAlerts onReview={review} />
      <ReviewWarning />
      <ReviewVotesContext.Provider value={review}>
        <RejectedProvider>
          {/* Above the view, and it takes the focus: whoever followed the link lands in the form. */}
          {linked !== undefined && (
            <LinkedAnswer
              key={linked}
              proposalId={Number(linked)}
              onClose={() => void navigate({ to: APP_PATHS.admin, search: {} })}
            />
          )}
          {(view === 'review' || view === 'reports') && <Queue key={view} tab={view} />}
          {view === 'proposals' && <AllProposals />}
          {view === 'places' && <Places />}
          {view === 'votes' && <VotesView proposalId={reviewing} onChoose={review} />}
          {view === 'photos' && <Photos />}
          {view === 'screen' && <ScreenWords />}
          {view === 'reasons' && <ReasonsEditor />}
          {view === 'audit' && <AuditLog />}
          {view === 'outbox' && <Outbox />}
          {view === 'feedback' && <AccessibilityFeedback />}
        </RejectedProvider>
      </ReviewVotesContext.Provider>
    </>
  );
}

// Page transitions (spec section 2): enter with a fade and slide from the left, leave to the
// right, 0.4 s; none when the visitor prefers reduced motion. motion's mini animate runs them,
// loaded after the first paint (pageAnimation.ts). A leaving page stays mounted (inert) until its
// animation ends and keeps rendering the route it had, so the router's new match cannot replace it.
// Its route is gone by then: it reads the search from its frame's snapshot (usePageSearch), and
// whatever it throws while leaving only ends it early (FrameBoundary); two pages never stay.
import { APP_PATHS } from '@linz/contract/facts';
import { useRouter, useRouterState } from '@tanstack/react-router';
import {
  Component,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { ErrorPage } from './ErrorPage';
import { PageLoadError, reloadOnce, retryPage } from './lazyPage';
import { loadPageAnimation } from './pageAnimation';
import { PageSearchContext } from './pageSearch';
import { afterMapDrawn, afterPaint } from './schedule';
import { reducedMotion } from './reducedMotion';

export const PAGE_TRANSITION_MS = 400;
const SLIDE_PX = 40;
const timing = { duration: PAGE_TRANSITION_MS / 1000, ease: 'easeInOut' } as const;

type RouteLike = { options: { component?: ComponentType } };
type Frame = { pathname: string; search: object; routeId: string | undefined; leaving: boolean; first?: true };

type BoundaryProps = { leaving: boolean; retry: () => Promise<void>; children: ReactNode };

/** One page's errors: a leaving page just goes; the shown one gets the error page (after one reload for a lost chunk). */
class FrameBoundary extends Component<BoundaryProps, { error: unknown; reloading: boolean }> {
  override state = { error: undefined as unknown, reloading: false };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown) {
    // Before the error page is painted: a lost chunk (a deploy) is usually there after one reload.
    if (error instanceof PageLoadError && !this.props.leaving && reloadOnce()) this.setState({ reloading: true });
  }
  private readonly retry = async () => {
    await this.props.retry();
    this.setState({ error: undefined });
  };
  override render() {
    const { error, reloading } = this.state;
    if (error === undefined) return this.props.children;
    if (this.props.leaving || reloading) return null;
    return <ErrorPage error={error} retry={this.retry} />;
  }
}

function RoutePage({ routeId, leaving }: { routeId: string; leaving: boolean }) {
  const router = useRouter();
  const route: RouteLike | undefined = (router.routesById as Record<string, RouteLike>)[routeId];
  const Page = route?.options.component;
  const retry = useCallback(() => retryPage(Page), [Page]);
  return Page ? (
    <FrameBoundary leaving={leaving} retry={retry}>
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    </FrameBoundary>
  ) : null;
}

/** Runs the enter animation on mount (not for the page the app opens with) and the exit one when leaving. */
function PageFrame({ frame, onGone, children }: { frame: Frame; onGone: (pathname: string) => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const animateIn = !frame.first;
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !animateIn || reducedMotion()) return;
    let cancelled = false;
    let running: { cancel(): void } | undefined;
    // Resolved before the next paint when the code is loaded (a microtask), so the page never flashes.
    loadPageAnimation().then(
      (animate) => {
        if (cancelled) return;
        running = animate(el, { opacity: [0, 1], transform: [`translateX(-${SLIDE_PX}px)`, 'none'] }, timing);
      },
      () => {}, // no animation code: the page simply shows
    );
    return () => {
      cancelled = true;
      running?.cancel();
    };
  }, [animateIn]);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !frame.leaving) return;
    if (reducedMotion()) return onGone(frame.pathname);
    let cancelled = false;
    let running: { cancel(): void } | undefined;
    loadPageAnimation().then(
      (animate) => {
        if (cancelled) return;
        const out = animate(el, { opacity: [1, 0], transform: ['none', `translateX(${SLIDE_PX}px)`] }, timing);
        running = out;
        out.finished.then(
          () => !cancelled && onGone(frame.pathname),
          () => {},
        );
      },
      // The animation's chunk failed to load: the page leaves without it rather than staying.
      () => !cancelled && onGone(frame.pathname),
    );
    // Coming back before the end (the same page again): stop leaving.
    return () => {
      cancelled = true;
      running?.cancel();
    };
  }, [frame.leaving, frame.pathname, onGone]);
  return (
    <div ref={ref} className={frame.leaving ? 'page page--leaving' : 'page'} data-route={frame.pathname} inert={frame.leaving}>
      {children}
    </div>
  );
}

export function AnimatedOutlet({ notFound }: { notFound: ReactNode }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const search = useRouterState({ select: (s) => s.location.search });
  const routeId = useRouterState({ select: (s) => s.matches[s.matches.length - 1]?.routeId });
  const [frames, setFrames] = useState<Frame[]>([{ pathname, search, routeId, leaving: false, first: true }]);
  // Loaded after the first paint; on the map after its first markers (not in a phone's way to them).
  useEffect(() => {
    const load = () => void loadPageAnimation().catch(() => {}); // asked for again at a navigation
    if (pathname !== APP_PATHS.home) return afterPaint(load);
    let cancelPaint = () => {};
    const cancelMap = afterMapDrawn(() => (cancelPaint = afterPaint(load)));
    return () => {
      cancelMap();
      cancelPaint();
    };
    // The first page only: a navigation loads it itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onGone = useCallback((gone: string) => setFrames((all) => all.filter((f) => !(f.leaving && f.pathname === gone))), []);
  const current = frames[frames.length - 1];
  if (current?.pathname !== pathname) {
    // A new page: every shown one starts leaving (a page coming back replaces its leaving self).
    const leaving = frames.filter((f) => f.pathname !== pathname).map((f) => ({ ...f, leaving: true }));
    setFrames([...leaving, { pathname, search, routeId, leaving: false }]);
  } else if (current.routeId !== routeId || current.search !== search) {
    // The match settled or the search changed: remember them, so the page keeps them while it leaves.
    setFrames([...frames.slice(0, -1), { ...current, search, routeId }]);
  }
  return frames.map((frame) => {
    const { routeId: id } = frame;
    return (
      <PageFrame key={frame.pathname} frame={frame} onGone={onGone}>
        <PageSearchContext value={frame.search}>
          {id !== undefined && id !== '__root__' ? <RoutePage routeId={id} leaving={frame.leaving} /> : notFound}
        </PageSearchContext>
      </PageFrame>
    );
  });
}

// Page transitions (spec section 2): enter with a fade and slide from the left, leave to the
// right, 0.4 s; none when the visitor prefers reduced motion. The browser's own Web Animations
// run them, so no animation library is loaded. A leaving page stays mounted (inert) until its
// animation ends and keeps rendering the route it had, so the router's new match cannot replace it.
import { useRouter, useRouterState } from '@tanstack/react-router';
import { Suspense, useCallback, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';

export const PAGE_TRANSITION_MS = 400;
const SLIDE_PX = 40;

type RouteLike = { options: { component?: ComponentType } };
type Frame = { pathname: string; routeId: string | undefined; leaving: boolean; first?: true };

function RoutePage({ routeId }: { routeId: string }) {
  const router = useRouter();
  const route: RouteLike | undefined = (router.routesById as Record<string, RouteLike>)[routeId];
  const Page = route?.options.component;
  return Page ? (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  ) : null;
}

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Runs the enter animation on mount (not for the page the app opens with) and the exit one when leaving. */
function PageFrame({ frame, onGone, children }: { frame: Frame; onGone: (pathname: string) => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const animateIn = !frame.first;
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !animateIn || reducedMotion()) return;
    const timing = { duration: PAGE_TRANSITION_MS, easing: 'ease-in-out' };
    el.animate({ opacity: [0, 1] }, timing);
    el.animate({ transform: [`translateX(-${SLIDE_PX}px)`, 'none'] }, timing);
  }, [animateIn]);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !frame.leaving) return;
    if (reducedMotion()) return onGone(frame.pathname);
    const timing = { duration: PAGE_TRANSITION_MS, easing: 'ease-in-out', fill: 'forwards' } as const;
    const out = [el.animate({ opacity: [1, 0] }, timing), el.animate({ transform: ['none', `translateX(${SLIDE_PX}px)`] }, timing)];
    out[0]?.finished.then(() => onGone(frame.pathname), () => {});
    // Coming back before the end (the same page again): stop leaving.
    return () => out.forEach((a) => a.cancel());
  }, [frame.leaving, frame.pathname, onGone]);
  return (
    <div ref={ref} className={frame.leaving ? 'page page--leaving' : 'page'} data-route={frame.pathname} inert={frame.leaving}>
      {children}
    </div>
  );
}

export function AnimatedOutlet({ notFound }: { notFound: ReactNode }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const routeId = useRouterState({ select: (s) => s.matches[s.matches.length - 1]?.routeId });
  const [frames, setFrames] = useState<Frame[]>([{ pathname, routeId, leaving: false, first: true }]);
  const onGone = useCallback((gone: string) => setFrames((all) => all.filter((f) => !(f.leaving && f.pathname === gone))), []);
  const current = frames[frames.length - 1];
  if (current?.pathname !== pathname) {
    // A new page: every shown one starts leaving (a page coming back replaces its leaving self).
    const leaving = frames.filter((f) => f.pathname !== pathname).map((f) => ({ ...f, leaving: true }));
    setFrames([...leaving, { pathname, routeId, leaving: false }]);
  } else if (current.routeId !== routeId) {
    // The match settled: remember it, so the page keeps it while it leaves.
    setFrames([...frames.slice(0, -1), { ...current, routeId }]);
  }
  return frames.map((frame) => {
    const { routeId: id } = frame;
    return (
      <PageFrame key={frame.pathname} frame={frame} onGone={onGone}>
        {id !== undefined && id !== '__root__' ? <RoutePage routeId={id} /> : notFound}
      </PageFrame>
    );
  });
}

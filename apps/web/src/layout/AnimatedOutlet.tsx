// Page transitions: enter with a fade and slide from the left, leave to the right, 0.4 s;
// no movement when the visitor prefers reduced motion. The leaving page keeps showing its own
// route: each page is rendered from the route id it had when it appeared, so the router's
// new match cannot replace it while it animates out.
import { useRouter, useRouterState } from '@tanstack/react-router';
import { AnimatePresence, useIsPresent, useReducedMotion } from 'motion/react';
import * as m from 'motion/react-m';
import { Suspense, type ComponentType, type ReactNode } from 'react';

export const PAGE_TRANSITION_SECONDS = 0.4;

type RouteLike = { options: { component?: ComponentType } };

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

function PageFrame({ pathname, children }: { pathname: string; children: ReactNode }) {
  const isPresent = useIsPresent();
  const reduce = useReducedMotion() ?? false;
  const offset = reduce ? 0 : 40;
  const duration = reduce ? 0 : PAGE_TRANSITION_SECONDS;
  return (
    <m.div
      className={isPresent ? 'page' : 'page page--leaving'}
      data-route={pathname}
      inert={!isPresent}
      initial={{ opacity: 0, x: -offset }}
      animate={{ opacity: 1, x: 0 }}
      exit={{ opacity: 0, x: offset }}
      transition={{ duration, ease: 'easeInOut' }}
    >
      {children}
    </m.div>
  );
}

export function AnimatedOutlet({ notFound }: { notFound: ReactNode }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const routeId = useRouterState({ select: (s) => s.matches[s.matches.length - 1]?.routeId });
  const page = routeId !== undefined && routeId !== '__root__';
  return (
    <AnimatePresence initial={false}>
      <PageFrame key={pathname} pathname={pathname}>
        {page ? <RoutePage routeId={routeId} /> : notFound}
      </PageFrame>
    </AnimatePresence>
  );
}

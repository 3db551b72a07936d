// The page transitions' animation code: motion's mini `animate` (Web Animations underneath), loaded
// after the first paint. Nothing of it is in the first load, and it is in place before a visitor
// can navigate; a navigation that comes sooner simply waits for it.
import { retriedImport } from './retriedImport';

type Animate = typeof import('motion/mini').animate;

let loading: Promise<Animate> | undefined;

export function loadPageAnimation(): Promise<Animate> {
  loading ??= retriedImport(() => import('motion/mini')).then(
    (module) => module.animate,
    (error: unknown) => {
      // A failed chunk is asked for again at the next navigation; pages change without it meanwhile.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

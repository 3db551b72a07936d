// A part of a page loaded on demand (the map, its markers, the popup, a dialog, the offline panel).
// A chunk that fails (a flaky network, or a deploy while the tab is open) is fetched again
// (retriedImport); if it still fails, the part's own boundary (Part) shows a small error with a retry in its place, and
// the header and the rest of the page keep working. React's lazy keeps a failure for good, so the
// parts use this instead (eslint forbids the other).
import { Component, Suspense, createElement, use, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { retriedImport } from './retriedImport';

/** The error a part whose chunk could not be loaded is shown with; `forget` lets the next render try again. */
export class PartLoadError extends Error {
  constructor(
    cause: unknown,
    readonly forget: () => void,
  ) {
    super('A part of the page could not be loaded', { cause });
    this.name = 'PartLoadError';
  }
}

/** Like React's lazy, with the download retried (retriedImport); after a failure, Part's retry tries
 * anew. `preload` starts the download before the part is first shown. */
export function lazyPart<C extends ComponentType<never>>(importer: () => Promise<{ default: C }>): C & { preload: () => void } {
  let Loaded: C | undefined;
  let failed: PartLoadError | undefined;
  let loading: Promise<unknown> | undefined;
  const load = () =>
    (loading ??= retriedImport(importer).then(
      (module) => (Loaded = module.default),
      (cause: unknown) => {
        failed = new PartLoadError(cause, () => {
          failed = undefined;
          loading = undefined;
        });
      },
    ));
  function LazyPart(props: object) {
    if (!Loaded && !failed) use(load());
    if (failed) throw failed;
    return Loaded ? createElement(Loaded as ComponentType<object>, props) : null;
  }
  LazyPart.preload = () => void load();
  return LazyPart as unknown as C & { preload: () => void };
}

type PartProps = {
  /** Shown while the part loads. */
  fallback: ReactNode;
  /** Nothing in its place when it fails (a part the visitor does not see, such as the offline panel). */
  quiet?: boolean;
  children: ReactNode;
};

/** A lazily loaded part's Suspense and error boundary: its failure stays in its place. */
export class Part extends Component<PartProps, { error: unknown }> {
  override state = { error: undefined as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  private readonly retry = () => {
    if (this.state.error instanceof PartLoadError) this.state.error.forget();
    this.setState({ error: undefined });
  };
  override render() {
    if (this.state.error === undefined) return <Suspense fallback={this.props.fallback}>{this.props.children}</Suspense>;
    return this.props.quiet ? null : <PartError retry={this.retry} />;
  }
}

function PartError({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="part-error" role="alert">
      <span>{t('parts.failed')}</span>
      <button
        type="button"
        className="button part-error__retry"
        // Kept from the map: a button React removes would look to Leaflet like a click on the map (in a popup, it closes it).
        onClick={(event) => {
          event.stopPropagation();
          retry();
        }}
      >
        {t('errorPage.retry')}
      </button>
    </div>
  );
}

// The welcome overlay: shown on a first visit, dismissible, then only when the help page reopens it.
// Its tip names the gesture of the visitor's device: a long press on a touch screen, the right
// mouse button where there is a mouse. It offers the other language beside its button: the
// header's switch lies behind it until it is closed.
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, langOf } from '../i18n/languages';
import { touchFirst } from '../layout/touchFirst';
import { dismissIntro, useIntroOpen } from './introState';

/** The page's content takes focus: now, or, when the welcome was closed before the page's chunk had
 * come (it is drawn first, mountIntro), once the page is there, unless the visitor is elsewhere by then. */
function focusMain() {
  const main = document.getElementById('main');
  if (main) return main.focus({ preventScroll: true });
  const observer = new MutationObserver(() => {
    const drawn = document.getElementById('main');
    if (!drawn) return;
    observer.disconnect();
    if (document.activeElement === document.body) drawn.focus({ preventScroll: true });
  });
  observer.observe(document.body, { childList: true, subtree: true });
}

export function IntroOverlay() {
  const { t, i18n } = useTranslation();
  const open = useIntroOpen();
  const dialog = useRef<HTMLDialogElement>(null);

  // Before the first paint, not after the map's (many) passive effects: on a first visit this
  // text is the largest thing on the screen, the page's LCP.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
  }, [open]);

  if (!open) return null;
  const other = LANGUAGES.find((lang) => lang !== langOf(i18n.resolvedLanguage)) ?? LANGUAGES[0];
  const dismiss = () => {
    const element = dialog.current;
    element?.close();
    dismissIntro();
    // On a first visit nothing had focus before, and the browser would leave it on the body (or, for
    // a moment, on the closed dialog's button): the page's content takes it.
    const focused = document.activeElement;
    if (focused === document.body || (focused && element?.contains(focused))) focusMain();
  };
  return (
    <dialog ref={dialog} className="intro" aria-labelledby="intro-title" onCancel={dismiss}>
      <h2 id="intro-title">{t('intro.title')}</h2>
      <p>{t('intro.text')}</p>
      <p className="tip">{t(touchFirst() ? 'intro.howToTouch' : 'intro.howTo')}</p>
      <div className="intro__actions">
        {/* First in the dialog, so it has the focus when the dialog opens. */}
        <button type="button" className="button button--primary" onClick={dismiss}>
          {t('intro.dismiss')}
        </button>
        <button type="button" className="intro__language" lang={other} onClick={() => void i18n.changeLanguage(other)}>
          {t('intro.otherLanguage')}
        </button>
      </div>
    </dialog>
  );
}

// The welcome overlay: shown on a first visit, dismissible, then only when the help page reopens it.
// Its tip names the gesture of the visitor's device: a long press on a touch screen, the right
// mouse button where there is a mouse.
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { touchFirst } from '../layout/touchFirst';
import { dismissIntro, useIntroOpen } from './introState';

export function IntroOverlay() {
  const { t } = useTranslation();
  const open = useIntroOpen();
  const dialog = useRef<HTMLDialogElement>(null);

  // Before the first paint, not after the map's (many) passive effects: on a first visit this
  // text is the largest thing on the screen, the page's LCP.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
  }, [open]);

  if (!open) return null;
  const dismiss = () => {
    dialog.current?.close();
    dismissIntro();
  };
  return (
    <dialog ref={dialog} className="intro" aria-labelledby="intro-title" onCancel={dismiss}>
      <h2 id="intro-title">{t('intro.title')}</h2>
      <p>{t('intro.text')}</p>
      <p className="tip">{t(touchFirst() ? 'intro.howToTouch' : 'intro.howTo')}</p>
      <button type="button" className="button button--primary" onClick={dismiss}>
        {t('intro.dismiss')}
      </button>
    </dialog>
  );
}

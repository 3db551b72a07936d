// The welcome overlay: shown on a first visit, dismissible, then never again (localStorage).
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { introSeen } from '../storage/keys';

export function IntroOverlay() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => !introSeen.read());
  const dialog = useRef<HTMLDialogElement>(null);

  // Before the first paint, not after the map's (many) passive effects: on a first visit this
  // text is the largest thing on the screen, the page's LCP.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
  }, [open]);

  if (!open) return null;
  const dismiss = () => {
    introSeen.write();
    dialog.current?.close();
    setOpen(false);
  };
  return (
    <dialog ref={dialog} className="intro" aria-labelledby="intro-title" onCancel={dismiss}>
      <h2 id="intro-title">{t('intro.title')}</h2>
      <p>{t('intro.text')}</p>
      <p className="tip">{t('intro.howTo')}</p>
      <button type="button" className="button button--primary" onClick={dismiss}>
        {t('intro.dismiss')}
      </button>
    </dialog>
  );
}

// One marker; its popup content is React, mounted only while open and loaded on first opening.
import type { Monument } from '@linz/contract';
import type { Marker as LeafletMarker, Popup as LeafletPopup } from 'leaflet';
import { lazy, memo, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Marker, Popup } from 'react-leaflet';
import { langOf } from '../i18n/languages';
import { markerIcon } from './markerIcon';
import { monumentName } from './monumentName';

// The popup's code (voting, proposing, confetti) loads when a popup first opens.
const MonumentPopup = lazy(() => import('../popup/MonumentPopup').then((m) => ({ default: m.MonumentPopup })));

type Props = {
  monument: Monument;
  openOnMount?: boolean;
  /** Its place among monuments at the same coordinate. */
  fan?: { index: number; count: number } | undefined;
};

export const MonumentMarker = memo(function MonumentMarker({ monument, openOnMount = false, fan }: Props) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const markerRef = useRef<LeafletMarker>(null);
  const popupRef = useRef<LeafletPopup>(null);
  const name = monumentName(monument, langOf(i18n.resolvedLanguage));
  const label = monument.validated ? name : t('map.markerUnvalidated', { name });
  useEffect(() => {
    if (openOnMount) markerRef.current?.openPopup();
  }, [openOnMount]);
  // The popup's content grows as proposals load; Leaflet pans only on opening, so re-fit it
  // (on a phone the top would otherwise slide under the header).
  useEffect(() => {
    const popup = popupRef.current;
    const content = popup?.getElement()?.querySelector('.leaflet-popup-content');
    if (!open || !popup || !content) return;
    const observer = new ResizeObserver(() => popup.update());
    observer.observe(content);
    return () => observer.disconnect();
  }, [open]);
  return (
    <Marker
      ref={markerRef}
      position={[monument.geoLocX, monument.geoLocY]}
      icon={markerIcon(monument.validated, fan?.index, fan?.count)}
      alt={label}
      title={label}
      eventHandlers={{
        popupopen: () => setOpen(true),
        popupclose: () => {
          setOpen(false);
          const element = markerRef.current?.getElement();
          // Give keyboard users their place back when the popup closes from inside.
          if (element && document.activeElement === document.body) element.focus({ preventScroll: true });
        },
      }}
    >
      <Popup
        ref={popupRef}
        minWidth={Math.min(240, window.innerWidth - 64)}
        maxWidth={Math.min(320, window.innerWidth - 64)}
        autoPanPadding={[16, 80]}
      >
        {open ? (
          <Suspense fallback={<p role="status">{t('popup.loading')}</p>}>
            <MonumentPopup monument={monument} name={name} onClose={() => markerRef.current?.closePopup()} />
          </Suspense>
        ) : null}
      </Popup>
    </Marker>
  );
});

// One marker; its popup content is React (mounted only while open, so it loads on opening).
import type { Monument } from '@linz/contract';
import type { Marker as LeafletMarker } from 'leaflet';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Marker, Popup } from 'react-leaflet';
import { langOf } from '../i18n/languages';
import { MonumentPopup } from '../popup/MonumentPopup';
import { unvalidatedIcon, validatedIcon } from './markerIcon';
import { monumentName } from './monumentName';

type Props = { monument: Monument; openOnMount?: boolean };

export const MonumentMarker = memo(function MonumentMarker({ monument, openOnMount = false }: Props) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const markerRef = useRef<LeafletMarker>(null);
  const name = monumentName(monument, langOf(i18n.resolvedLanguage));
  const label = monument.validated ? name : t('map.markerUnvalidated', { name });
  useEffect(() => {
    if (openOnMount) markerRef.current?.openPopup();
  }, [openOnMount]);
  return (
    <Marker
      ref={markerRef}
      position={[monument.geoLocX, monument.geoLocY]}
      icon={monument.validated ? validatedIcon : unvalidatedIcon}
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
      <Popup minWidth={240} maxWidth={320} autoPanPadding={[16, 80]}>
        {open ? <MonumentPopup monument={monument} name={name} /> : null}
      </Popup>
    </Marker>
  );
});

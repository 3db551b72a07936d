// The city's map tiles (the client config's, served from our own origin) and their credit in the
// visitor's language, changing with the language selector. Every map of the app draws its tiles with it.
import type { ClientConfig } from '@linz/contract';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from 'react-leaflet/hooks';
import { TileLayer } from 'react-leaflet/TileLayer';
import { langOf } from '../i18n/languages';

/** `onLoad`: the tiles in view are drawn (Leaflet's `load`, after each move too). */
export function CityTiles({ tiles, onLoad }: { tiles: ClientConfig; onLoad?: (() => void) | undefined }) {
  const map = useMap();
  const { i18n } = useTranslation();
  const credit = tiles.tileAttribution[langOf(i18n.resolvedLanguage)];
  const handlers = useMemo(() => (onLoad ? { load: onLoad } : undefined), [onLoad]);
  useEffect(() => {
    // Leaflet's TileLayer reads its attribution only when added: the credit goes to the control itself.
    const control = map.attributionControl;
    control?.addAttribution(credit);
    return () => void control?.removeAttribution(credit);
  }, [map, credit]);
  return (
    <TileLayer
      key={tiles.tileUrl}
      url={tiles.tileUrl}
      bounds={tiles.tileBounds}
      minZoom={tiles.minZoom}
      maxZoom={tiles.maxZoom}
      eventHandlers={handlers}
    />
  );
}

// The city's map tiles (the client config's, served from our own origin) and their credit in the
// visitor's language, changing with the language selector. Every map of the app draws its tiles with it.
import type { ClientConfig } from '@linz/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from 'react-leaflet/hooks';
import { TileLayer } from 'react-leaflet/TileLayer';
import { langOf } from '../i18n/languages';

export function CityTiles({ tiles }: { tiles: ClientConfig }) {
  const map = useMap();
  const { i18n } = useTranslation();
  const credit = tiles.tileAttribution[langOf(i18n.resolvedLanguage)];
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
    />
  );
}

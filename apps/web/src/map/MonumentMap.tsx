// The full-screen Leaflet map: tiles from the API's config, the monuments (clusters or markers).
import type { Monument } from '@linz/contract';
import { useQuery } from '@tanstack/react-query';
import type { Map as LeafletMap } from 'leaflet';
import './leaflet.css';
import { useTranslation } from 'react-i18next';
import { MapContainer } from './MapContainer';
import { useMap } from 'react-leaflet/hooks';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { lazyPart, Part } from '../layout/lazyPart';
import { clientConfigQuery } from '../api/queries';
import { afterPaint } from '../layout/schedule';
import { underReview, type MapView } from '../storage/keys';
import { SaveMapView } from './MapEvents';
import { FALLBACK_TILES } from './tiles';
import { MyPositionDot } from './MyPositionDot';
import { MapControlTexts } from './MapControlTexts';
import { useMapLabel } from './mapLabel';
import { CityTiles } from './CityTiles';

// The markers and clusters come after the map's first tiles (below), in a chunk of their own that
// loads while the monuments are fetched; the region is busy until they are drawn.
const MonumentLayer = lazyPart(() => import('./MonumentLayer').then((m) => ({ default: m.MonumentLayer })));
/** How long the markers wait for the tiles at most. */
const MARKERS_WAIT_MS = 1000;
// This browser's own monuments under review (docs/screening.md), with the markers' chunk.
const ReviewingMarkers = lazyPart(() => import('../review/ReviewingMarkers').then((m) => ({ default: m.ReviewingMarkers })));

type Props = {
  /** Where the map opens; undefined: the city's view (the API's config), once the config has come. */
  view: MapView | undefined;
  onReady: (map: LeafletMap | null) => void;
  /** A monument whose popup opens once the markers are there (a link from the mayor's e-mail). */
  openMonument?: Monument | undefined;
  /** A shared proposal, highlighted in that monument's popup. */
  openProposalId?: number | undefined;
  /** How many monuments the search has opened (each pick flies there, the same one again too). */
  openCount?: number | undefined;
  /** The monument's popup opens in the map's view as it is (back from its view), not centred on it. */
  openKeepsView?: boolean | undefined;
};

/** The tile layer, once the config has said where tiles come from; `onLoad` when those in view are drawn. */
function Tiles({ onLoad }: { onLoad: () => void }) {
  const config = useQuery(clientConfigQuery());
  const map = useMap();
  const tiles = config.isPending ? undefined : (config.data ?? FALLBACK_TILES);
  // The tile layer comes a frame after the map: the map and its first tiles made in one task kept
  // a phone's main thread busy for too long at once.
  const [started, setStarted] = useState(false);
  useEffect(() => afterPaint(() => startTransition(() => setStarted(true))), []);
  // The view stays where the server has tiles (it fetches none outside these bounds and zooms).
  useEffect(() => {
    if (!tiles) return;
    map.setMinZoom(tiles.minZoom);
    map.setMaxZoom(tiles.maxZoom);
    map.setMaxBounds(tiles.tileBounds);
  }, [map, tiles]);
  if (!tiles || !started) return null;
  return <CityTiles tiles={tiles} onLoad={onLoad} />;
}

function MapLabel({ label }: { label: string }) {
  useMapLabel(label);
  return null;
}

function Busy() {
  const map = useMap();
  useEffect(() => map.getContainer().setAttribute('aria-busy', 'true'), [map]);
  return null;
}

export function MonumentMap({ view: given, onReady, openMonument, openProposalId, openCount, openKeepsView }: Props) {
  const { t } = useTranslation();
  const config = useQuery(clientConfigQuery());
  const city = config.isPending ? undefined : (config.data ?? FALLBACK_TILES).city.view;
  const view = given ?? (city && { center: { lat: city.lat, lng: city.lng }, zoom: city.zoom });
  // The markers come once the map's tiles in view are drawn (Leaflet's `load`), or after
  // MARKERS_WAIT_MS if the tiles are slow: the map shows sooner when the markers' code and data do
  // not share a phone's line with its tiles (docs/performance.md).
  const [markersStarted, setMarkersStarted] = useState(false);
  const startMarkers = useCallback(() => startTransition(() => setMarkersStarted(true)), []);
  useEffect(() => {
    const timer = window.setTimeout(startMarkers, MARKERS_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [startMarkers]);
  if (!view) return null;
  return (
    <MapContainer
      ref={onReady}
      className="monument-map"
      zoomControl={false}
      center={[view.center.lat, view.center.lng]}
      zoom={view.zoom}
    >
      <MapControlTexts />
      <MapLabel label={t('map.label')} />
      <Tiles onLoad={startMarkers} />
      <MyPositionDot />
      {markersStarted ? (
        <Part fallback={<Busy />}>
          <MonumentLayer
            openMonument={openMonument}
            openProposalId={openProposalId}
            openCount={openCount}
            openKeepsView={openKeepsView}
          />
        </Part>
      ) : (
        <Busy />
      )}
      {underReview.read() ? (
        <Part fallback={null}>
          <ReviewingMarkers />
        </Part>
      ) : null}
      <SaveMapView />
    </MapContainer>
  );
}

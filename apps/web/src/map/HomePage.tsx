// Home: the map with its add and locate buttons, the hold ring and the arrival message.
import { Link, useLocation, useSearch } from '@tanstack/react-router';
import type { Map as LeafletMap } from 'leaflet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackBanner } from '../feedback/FeedbackBanner';
import { success, type Feedback } from '../feedback/feedback';
import { PlusIcon } from '../layout/icons';
import { HoldProgress } from './HoldProgress';
import { LocateButton } from './LocateButton';
import { MonumentMap } from './MonumentMap';
import { usePressToAdd } from './usePressToAdd';
import { initialView, MapLink } from './view';

export function HomePage() {
  const { t } = useTranslation();
  const arrival = useLocation({ select: (l) => l.state.arrival });
  // Not strict: this page stays mounted while it animates out, after '/' stopped matching.
  const link = MapLink.parse(useSearch({ strict: false }));
  const [view] = useState(() => initialView(arrival, link));
  const [flash, setFlash] = useState<Feedback | null>(() => (arrival ? success(arrival.flash) : null));
  const [map, setMap] = useState<LeafletMap | null>(null);
  const hold = usePressToAdd(map);
  return (
    <div className="home">
      <MonumentMap view={view} onReady={setMap} openMonumentId={arrival ? undefined : link.monument} />
      <HoldProgress hold={hold} />
      <FeedbackBanner feedback={flash} onClose={() => setFlash(null)} className="map-overlay map-flash" />
      <div className="map-overlay map-actions">
        <LocateButton map={map} />
        <Link to="/add" className="fab fab--add" aria-label={t('map.addMonument')}>
          <PlusIcon />
        </Link>
      </div>
    </div>
  );
}

// Home: the map with its add and locate buttons, the hold ring and the arrival message.
import type { Monument } from '@linz/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import type { Map as LeafletMap } from 'leaflet';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { lazyPart, Part } from '../layout/lazyPart';
import { useTranslation } from 'react-i18next';
import { FeedbackBanner } from '../feedback/FeedbackBanner';
import { failure, type Feedback } from '../feedback/feedback';
import { PlusIcon } from '../layout/icons';
import { afterPaint } from '../layout/schedule';
import { HoldProgress } from './HoldProgress';
import { LocateButton } from './LocateButton';
import type { Found } from './findMonument';
import { monumentLinkQuery, useMonumentLink } from '../api/queries/monumentLink';
import { usePressToAdd } from './usePressToAdd';
import { arrival as pendingArrival } from './arrival';
import { parseMapLink } from '@linz/contract/facts';
import { initialView } from './view';
import { popupToReopen } from './reopen';

// Leaflet, react-leaflet and the map: a chunk of their own (a quarter of the first load's
// JavaScript otherwise), fetched and run after the first paint.
const MonumentMap = lazyPart(() => import('./MonumentMap').then((m) => ({ default: m.MonumentMap })));
// The filter button (and, on demand, its panel) loads with the map, after the first paint.
const FilterButton = lazyPart(() => import('./search/FilterButton').then((m) => ({ default: m.FilterButton })));

export function HomePage() {
  const { t } = useTranslation();
  const [arrival] = useState(pendingArrival.peek);
  useEffect(() => pendingArrival.done(), []);
  // Not strict: this page stays mounted while it animates out, after '/' stopped matching.
  const link = parseMapLink(useSearch({ strict: false }));
  const [view] = useState(() => initialView(arrival, link));
  const [flash, setFlash] = useState<Feedback | null>(() => (arrival ? arrival.flash : null));
  const [map, setMap] = useState<LeafletMap | null>(null);
  const hold = usePressToAdd(map);
  // The monument last picked from the search, and how many picks there were (the same one
  // picked again opens again).
  const [picked, setPicked] = useState<{ monument: Monument; count: number } | null>(null);
  // The popup that was open when the visitor left the map (to its monument's view, say) opens
  // again, in the view the map had (not centred as a link's).
  const [reopen] = useState(() => (arrival || link.monument !== undefined ? undefined : popupToReopen.read()));
  const linked = useMonumentLink(arrival && !picked ? undefined : (link.monument ?? reopen));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // A pick opens as a link does, and the address says so (reload or share it: the same popup).
  const pick = (monument: Monument) => {
    // Opens at once from the list's copy; the full answer (with the sources the monument's own
    // view shows) replaces it in the background.
    const found: Found = { kind: 'found', monument: { ...monument, source: null, placement: null } };
    const { queryKey } = monumentLinkQuery(monument.id);
    queryClient.setQueryData(queryKey, found);
    void queryClient.invalidateQueries({ queryKey });
    setPicked((p) => ({ monument, count: (p?.count ?? 0) + 1 }));
    void navigate({
      to: '.',
      replace: true,
      search: ((prev: Record<string, unknown>) => ({ ...prev, monument: monument.id, proposal: undefined })) as never,
    });
  };
  const [goneSeen, setGoneSeen] = useState(false);
  const banner = flash ?? (linked.gone && !goneSeen ? failure('map.monumentGone') : null);
  // Leaflet, the markers and the tiles start just after the first paint (their code is fetched
  // then too), so the header (and a first visit's intro) show on a phone without waiting for
  // them. The box keeps its size.
  const [mapStarted, setMapStarted] = useState(false);
  // As transitions: React renders the map's part in short tasks, not in one.
  useEffect(() => afterPaint(() => startTransition(() => setMapStarted(true))), []);
  const onMapReady = useCallback((made: LeafletMap | null) => startTransition(() => setMap(made)), []);
  return (
    <div className="home">
      {mapStarted ? (
        <Part fallback={null}>
          <MonumentMap
            view={view}
            onReady={onMapReady}
            openMonument={picked?.monument ?? linked.monument}
            openProposalId={picked ? undefined : link.proposal}
            openCount={picked?.count}
            openKeepsView={!picked && reopen !== undefined}
          />
        </Part>
      ) : null}
      <HoldProgress hold={hold} />
      {mapStarted ? (
        <Part fallback={null}>
          <FilterButton map={map} onPick={pick} />
        </Part>
      ) : null}
      <FeedbackBanner
        feedback={banner}
        onClose={() => {
          setFlash(null);
          setGoneSeen(linked.gone);
        }}
        className="map-overlay map-flash"
      />
      <div className="map-overlay map-actions">
        <LocateButton map={map} />
        <Link to="/add" className="fab fab--add" aria-label={t('map.addMonument')}>
          <PlusIcon />
        </Link>
      </div>
    </div>
  );
}

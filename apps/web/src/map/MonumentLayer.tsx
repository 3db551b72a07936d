// The monuments passing the address's filters, on the map: the data tiles in view (mapData.ts) as
// clusters or markers (clusters.ts), drawn into one Leaflet layer (markerLayer.ts) after every move. The open monument's popup content is
// React, rendered into the Leaflet popup and loaded on first opening.
import type { Monument } from '@linz/contract';
import { Point, Popup, type Map as LeafletMap, type Marker } from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Part } from '../layout/lazyPart';
import { MonumentPopup } from '../popup/lazyPopup';
import { popupToReopen } from './reopen';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useMap } from 'react-leaflet/hooks';
import { useFilters } from '../finder/useFilters';
import { onReservedChange, reservedBottom } from '../layout/reservedSpace';
import { reportMapDrawn } from '../layout/schedule';
import { langOf } from '../i18n/languages';
import { place, type Cluster } from './clusters';
import { useMapTiles } from './mapData';
import { flyToMonument } from './flyTo';
import { fanOut } from './markerIcon';
import { createMarkerLayer, type Look } from './markerLayer';
import { monumentName } from '../i18n/monumentName';
import { LINK_ZOOM } from './view';

type Open = { monument: Monument; marker: Marker; popup: Popup; content: HTMLElement };

/** Opens a popup on the marker; React renders into Leaflet's content node, as react-leaflet does:
 * the popup has no content of its own, so Leaflet's update() never detaches what React put there. */
function openPopup(map: LeafletMap, marker: Marker, onClosed: () => void): { popup: Popup; content: HTMLElement } | undefined {
  const width = window.innerWidth - 64;
  const popup = new Popup({ minWidth: Math.min(240, width), maxWidth: Math.min(320, width), autoPanPadding: [16, PAN_PADDING] });
  clearOfPanel(map, popup);
  marker.bindPopup(popup);
  // Escape closes the popup from anywhere in the map: its content, its × (Leaflet's, outside the
  // content), and its marker (focused by the click that opened it, until the popup takes focus).
  const container = map.getContainer();
  const escape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') marker.closePopup();
  };
  container.addEventListener('keydown', escape);
  // The open popup is remembered (reopen.ts): back on the map it opens again. Closed, it is
  // forgotten; the map going away (leaving the page) closes it without forgetting it.
  let leaving = false;
  const unload = () => (leaving = true);
  map.once('unload', unload);
  popup.once('remove', () => {
    map.off('unload', unload);
    if (!leaving) popupToReopen.clear();
    container.removeEventListener('keydown', escape);
    marker.unbindPopup();
    onClosed();
    // Give keyboard users their place back when the popup closes from inside.
    if (document.activeElement === document.body) marker.getElement()?.focus({ preventScroll: true });
  });
  marker.openPopup();
  const content = popup.getElement()?.querySelector<HTMLElement>('.leaflet-popup-content');
  return content ? { popup, content } : undefined;
}

/** Room kept between a popup and the map's edges when Leaflet pans it into view. */
const PAN_PADDING = 80;
/** A popup's frame around its content: the wrapper's padding and margins, and the tip. */
const POPUP_FRAME = 60;

/** How far up from the map's foot the buttons laid over it reach (locate, add), plus a gap. */
function overlayButtonsHeight(map: LeafletMap): number {
  const box = map.getContainer().getBoundingClientRect();
  const tops = [...document.querySelectorAll('.map-actions')]
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.height > 0 && r.top > box.top + box.height / 2)
    .map((r) => r.top);
  return tops.length > 0 ? box.bottom - Math.min(...tops) + 8 : 0;
}

/** The popup pans clear of the buttons over the map's foot and of the offline panel at the
 * screen's foot; where the room left is too small (a photo on a phone), it scrolls inside instead
 * of reaching under them. */
function clearOfPanel(map: LeafletMap, popup: Popup) {
  const bottom = Math.max(PAN_PADDING, reservedBottom() + 16, overlayButtonsHeight(map));
  popup.options.autoPanPaddingBottomRight = [16, bottom];
  popup.options.maxHeight = Math.max(120, map.getSize().y - PAN_PADDING - bottom - POPUP_FRAME);
}

/** Room kept between a focused marker and the map's edges, where the zoom, locate and share
 * controls and the attribution stand. */
const FOCUS_EDGE = 56;

/** Where a focused marker stands clear of the map's edges and of what lies over its foot (client coordinates). */
function safeArea(map: LeafletMap) {
  const box = map.getContainer().getBoundingClientRect();
  return {
    box,
    left: box.left + FOCUS_EDGE,
    right: box.right - FOCUS_EDGE,
    top: box.top + FOCUS_EDGE,
    bottom: box.bottom - Math.max(FOCUS_EDGE, reservedBottom() + 16, overlayButtonsHeight(map)),
  };
}

/**
 * A marker that gets the focus is brought into view (WCAG 2.4.11): the map pans it clear of its
 * edges and of the offline panel (an open popup of another monument closes first); if something
 * still covers it, such a popup closes (as a click beside it would) and any other cover is panned
 * away from, to the centre. Tab reaches only markers that need none of this (`hideCovered`): a
 * marker focused otherwise (a cluster's successor, the first monument of an opened cluster) may.
 */
function reveal(map: LeafletMap, marker: Marker) {
  const el = marker.getElement();
  if (!el) return;
  const container = map.getContainer();
  // The browser scrolls the map's box, and the page boxes around it, to show what gets the focus
  // (Leaflet sets its own back a frame later, the page's stay): measure (and pan) from where the
  // map really stands. Nothing on the map's page scrolls otherwise.
  for (let box: HTMLElement | null = container; box && box !== document.body; box = box.parentElement) {
    box.scrollTop = 0;
    box.scrollLeft = 0;
  }
  const { box, ...safe } = safeArea(map);
  let r = el.getBoundingClientRect();
  const dx = r.left < safe.left ? r.left - safe.left : r.right > safe.right ? r.right - safe.right : 0;
  const dy = r.top < safe.top ? r.top - safe.top : r.bottom > safe.bottom ? r.bottom - safe.bottom : 0;
  if (dx || dy) {
    // Focus has left an open popup for a marker out of view: the popup closes first (it would pan
    // the map back to itself as its content changes).
    // (A popup is bound to its marker only while it is open.)
    if (!marker.getPopup() && map.getPane('popupPane')?.querySelector('.leaflet-popup')) map.closePopup();
    map.panBy([dx, dy], { animate: false });
  }
  r = el.getBoundingClientRect();
  const x = r.left + r.width / 2;
  const y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  // A neighbour overlapping it leaves the rest of it in view.
  if (!hit || el.contains(hit) || hit.closest('.leaflet-marker-icon')) return;
  if (hit.closest('.leaflet-popup')) map.closePopup();
  else map.panBy([x - (box.left + box.width / 2), y - (box.top + box.height / 2)], { animate: false });
}

/** WCAG 2.5.8's minimum target, with a margin for the browser's rounding. */
const MIN_TARGET_PX = 26;

/** What may stand over the map's markers: its controls, the buttons laid over it, an open popup,
 * the offline panel at the screen's foot; and the link row under the map, which a marker cut by the
 * map's lower edge would crowd. */
const COVERS = '.leaflet-control a, .leaflet-control button, .map-overlay a, .map-overlay button, .legal-links a, .offline-panel';

/** Markers and clusters that an open popup, its own marker, a control over the map or the offline
 * panel partly covers are hidden until the view changes: they could be neither picked (WCAG 2.5.8) nor seen when
 * Tab reaches them (2.4.11). The focused marker stays: reveal has panned it clear, and hiding it
 * would drop the focus to the page. Tab reaches only the markers inside the safe area: one that
 * made the map pan as it got the focus would change the view, and with it the markers, under the
 * keyboard (a walk through the map that never ended while the view went back and forth). The map's
 * arrow keys bring the others there. */
function hideCovered(map: LeafletMap, open: Open | null) {
  const own = open?.marker.getElement();
  const focused = document.activeElement;
  const covers = [...document.querySelectorAll(COVERS)].map((el) => el.getBoundingClientRect());
  const popup = open?.popup.getElement();
  if (popup) covers.push(popup.getBoundingClientRect());
  if (own) covers.push(own.getBoundingClientRect());
  const { box: view, ...safe } = safeArea(map);
  for (const el of map.getPane('markerPane')?.querySelectorAll<HTMLElement>('.leaflet-marker-icon') ?? []) {
    const r = el.getBoundingClientRect();
    // Cut by the map's edge to a sliver: too small to pick, so hidden as well.
    const w = Math.min(r.right, view.right) - Math.max(r.left, view.left);
    const h = Math.min(r.bottom, view.bottom) - Math.max(r.top, view.top);
    const sliver = w > 0 && h > 0 && (w < MIN_TARGET_PX || h < MIN_TARGET_PX);
    const covered =
      el !== own &&
      el !== focused &&
      (sliver ||
        covers.some(
          (b) => b.width > 0 && b.height > 0 && r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top,
        ));
    el.classList.toggle('leaflet-marker-icon--covered', covered);
    const clear = r.left >= safe.left && r.right <= safe.right && r.top >= safe.top && r.bottom <= safe.bottom;
    el.tabIndex = clear && !covered ? 0 : -1;
  }
}

/** Whether a cluster's monuments would still cover one another at the map's maximum zoom (a
 * marker is 42x52 px; closer than half of that, they would be a cluster again). */
function inseparable(map: LeafletMap, { bounds: { south, west, north, east } }: Cluster): boolean {
  const maxZoom = Math.min(map.getMaxZoom(), 19);
  if (map.getZoom() >= maxZoom) return true;
  const a = map.project([north, west], maxZoom);
  const b = map.project([south, east], maxZoom);
  return Math.abs(b.x - a.x) < 21 && Math.abs(b.y - a.y) < 26;
}

/** Zooms to a cluster's monuments: at least one level, at most the map's maximum. */
function zoomToCluster(map: LeafletMap, { bounds: { south, west, north, east } }: Cluster) {
  const maxZoom = Math.min(map.getMaxZoom(), 19);
  const fit = map.getBoundsZoom(
    [
      [south, west],
      [north, east],
    ],
    false,
    new Point(48, 48),
  );
  map.setView([(south + north) / 2, (west + east) / 2], Math.min(maxZoom, Math.max(map.getZoom() + 1, fit)));
}

type Props = {
  openMonument?: Monument | undefined;
  openProposalId?: number | undefined;
  /** Counts the search's picks: each opens its monument (again), the map flying there. */
  openCount?: number | undefined;
  /** The popup opens in the view as it is (back from the monument's view). */
  openKeepsView?: boolean | undefined;
};

export function MonumentLayer({ openMonument, openProposalId, openCount = 0, openKeepsView = false }: Props) {
  const map = useMap();
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.resolvedLanguage);
  const { tiles, zoom, pending } = useMapTiles(map, useFilters());
  /** The tiles' current record of a monument (a new proposal counted since it was drawn). */
  const current = (monument: Monument) => {
    for (const tile of tiles ?? []) for (const m of tile.monuments) if (m.id === monument.id) return m;
    return monument;
  };
  const [open, setOpen] = useState<Open | null>(null);
  // The open popup, for the drawing that hides what it covers.
  const openRef = useRef<Open | null>(null);
  useEffect(() => {
    openRef.current = open;
  }, [open]);
  const [linked, setLinked] = useState<Monument | null>(null);
  // A cluster opened in place: its monuments stand too close for any zoom.
  const [fanned, setFanned] = useState<Cluster | null>(null);
  const pendingOpen = useRef<Monument | null>(null);
  const layer = useMemo(() => {
    const openMonument = (monument: Monument, marker: Marker) => {
      popupToReopen.write(monument.id);
      const opened = openPopup(map, marker, () => {
        setOpen((o) => (o?.marker === marker ? null : o));
        setLinked(null);
      });
      if (opened) setOpen({ monument, marker, ...opened });
    };
    // Only a cluster whose members are known one by one opens in place (the deepest zooms); the
    // server's clusters zoom in, at most to where they are made here.
    const zoomInto = (cluster: Cluster) =>
      inseparable(map, cluster) && cluster.members.length === cluster.count ? setFanned(cluster) : zoomToCluster(map, cluster);
    const focused = (marker: Marker) => reveal(map, marker);
    return { ...createMarkerLayer(map, { openMonument, zoomInto, focused }), openMonument };
  }, [map]);
  useEffect(() => {
    layer.attach();
    return () => layer.remove();
  }, [layer]);
  // A fanned cluster closes again when the zoom changes (it is then drawn as the zoom decides).
  useEffect(() => {
    if (!fanned) return;
    const zoom = map.getZoom();
    const close = () => map.getZoom() !== zoom && setFanned(null);
    map.on('zoomend', close);
    return () => void map.off('zoomend', close);
  }, [map, fanned]);

  // A link (/?monument=<id>) opens its monument once: centred, close enough, its popup open. It
  // is drawn as its own marker even inside a cluster or outside the filters. A search's pick sets
  // the same link: the map flies there, and the popup opens on arrival.
  const linkDone = useRef<string | null>(null);
  useEffect(() => {
    const monument = openMonument;
    const key = monument && `${monument.id}:${openCount}`;
    if (!monument || linkDone.current === key) return;
    linkDone.current = key ?? null;
    const open = () => {
      pendingOpen.current = monument;
      setLinked(monument);
    };
    if (openCount > 0) {
      void flyToMonument(map, monument).then(() => linkDone.current === key && open());
      return;
    }
    open();
    if (!openKeepsView) map.setView([monument.geoLocX, monument.geoLocY], Math.max(map.getZoom(), LINK_ZOOM), { animate: false });
  }, [map, openMonument, openCount, openKeepsView]);

  const fan = useMemo(() => fanOut(fanned?.members ?? []), [fanned]);
  const pinned = open?.monument ?? linked;
  // Busy from the moment the view starts to change: a key or a cluster's Enter starts a zoom whose
  // new tiles are asked only at its end, and a marker focused meanwhile may be replaced by the redraw.
  // Every move ends in a new view, whose drawing ends the busy state.
  useEffect(() => {
    const busy = () => map.getContainer().setAttribute('aria-busy', 'true');
    map.on('movestart zoomstart', busy);
    return () => void map.off('movestart zoomstart', busy);
  }, [map]);
  // A move that brings no new tiles draws nothing, yet changes what is covered and what Tab reaches.
  useEffect(() => {
    const settle = () => hideCovered(map, openRef.current);
    map.on('moveend', settle);
    // The offline panel comes, grows and goes without a move.
    const unsubscribe = onReservedChange(settle);
    return () => {
      map.off('moveend', settle);
      unsubscribe();
    };
  }, [map]);
  useEffect(() => {
    const container = map.getContainer();
    // The map region is busy until the markers for the current data are on it (screen readers
    // wait; so do tests).
    // The region is busy while the tiles of the current view load, and until they are drawn.
    if (!tiles || pending) return container.setAttribute('aria-busy', 'true');
    const look: Look = {
      label: (m) => {
        const name = monumentName(m, lang);
        return m.validated ? name : t('map.markerUnvalidated', { name });
      },
      fan: (m) => fan.get(m.id),
      clusterLabel: (c) =>
        c.unvalidated > 0
          ? t('findMap.clusterWithUnvalidated', { count: c.count, unvalidated: c.unvalidated })
          : t('findMap.cluster', { count: c.count }),
      clusterNew: (c) => t('findMap.clusterNew', { count: c.unvalidated }),
    };
    const drawn = () => {
      container.setAttribute('aria-busy', 'false');
      reportMapDrawn();
      hideCovered(map, openRef.current);
      const monument = pendingOpen.current;
      const marker = monument && layer.markerOf(monument.id);
      if (monument && marker) {
        pendingOpen.current = null;
        layer.openMonument(monument, marker);
      }
    };
    container.setAttribute('aria-busy', 'true');
    layer.draw(place(tiles, { zoom, pinned, fanned: fanned?.key }), look, drawn);
  }, [map, layer, tiles, zoom, pending, fan, fanned, pinned, lang, t]);

  // The popup's content grows as proposals load, and the offline panel at the foot comes and
  // grows; Leaflet pans only on opening, so re-fit it (on a phone the top would otherwise slide
  // under the header, and the bottom under the panel).
  useEffect(() => {
    hideCovered(map, open);
    if (!open) return;
    const refit = () => {
      clearOfPanel(map, open.popup);
      open.popup.update();
      hideCovered(map, open);
      // A popup that scrolls inside keeps its height: what grows then is what React drew in it.
      const drawn = open.content.firstElementChild;
      if (drawn) observer.observe(drawn);
    };
    const observer = new ResizeObserver(refit);
    observer.observe(open.content);
    const unsubscribe = onReservedChange(refit);
    return () => {
      observer.disconnect();
      unsubscribe();
    };
  }, [map, open]);

  if (!open) return null;
  // The tiles may have been refreshed since (a new proposal): show the current record.
  const monument = current(open.monument);
  const name = monumentName(monument, lang);
  // While the popup's code comes: its monument's name at once, and that its proposals are on the way.
  const loading = (
    <section className="monument-popup">
      <h2 className="monument-popup__name">{name}</h2>
      <p className="monument-popup__loading" role="status">
        {t('popup.loading')}
      </p>
    </section>
  );
  return createPortal(
    <Part fallback={loading}>
      <MonumentPopup
        monument={monument}
        name={name}
        // Only the popup the link opened shows the shared proposal (closing it ends the link).
        sharedProposalId={linked?.id === monument.id ? openProposalId : undefined}
      />
    </Part>,
    open.content,
  );
}

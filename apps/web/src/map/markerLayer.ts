// Draws what `place` decided into one Leaflet layer, imperatively: markers that stay are kept (an
// open popup survives panning and data refreshes), the rest are removed or added. No React
// component per marker: at 10,000 monuments that was the cost.
import type { Monument } from '@linz/contract';
import { DivIcon, LayerGroup, Marker, type LeafletKeyboardEvent, type Map as LeafletMap } from 'leaflet';
import type { Cluster, Placed } from './clusters';
import { markerIcon } from './markerIcon';

export type Look = {
  label(monument: Monument): string;
  fan(monument: Monument): { index: number; count: number } | undefined;
  clusterLabel(cluster: Cluster): string;
  clusterNew(cluster: Cluster): string;
};
export type Handlers = {
  openMonument(monument: Monument, marker: Marker): void;
  zoomInto(cluster: Cluster): void;
  /** A marker or cluster got the focus (it must not stay hidden behind anything, WCAG 2.4.11). */
  focused(marker: Marker): void;
};

/** Leaflet's own pan on focus is animated and ends with the marker at the map's very edge, after
 * (and over) `Handlers.focused`'s pan clear of the edges: only ours. */
const MARKER = { keyboard: true, autoPanOnFocus: false } as const;

const activates = (e: LeafletKeyboardEvent) => e.originalEvent.key === 'Enter' || e.originalEvent.key === ' ';

function clusterMarker(cluster: Cluster, look: Look, zoomInto: (byKeyboard: boolean) => void): Marker {
  const label = look.clusterLabel(cluster);
  // Numbers and a translated word only; the translation is set as text, never parsed as HTML.
  const html = document.createElement('span');
  html.className = 'monument-cluster__count';
  html.textContent = String(cluster.count);
  const extra = cluster.unvalidated > 0 ? look.clusterNew(cluster) : '';
  const icon = new DivIcon({ className: 'monument-cluster', html: extra ? withLine(html, extra) : html, iconSize: [56, 56] });
  const marker = new Marker([cluster.lat, cluster.lng], { ...MARKER, icon, title: label, riseOnHover: true });
  marker.on('add', () => marker.getElement()?.setAttribute('aria-label', label));
  marker.on('click', () => zoomInto(false));
  marker.on('keypress', (e: LeafletKeyboardEvent) => {
    if (!activates(e)) return;
    e.originalEvent.preventDefault();
    zoomInto(true);
  });
  return marker;
}

function withLine(count: HTMLElement, text: string): HTMLElement {
  const box = document.createElement('span');
  const line = document.createElement('span');
  line.className = 'monument-cluster__new';
  line.textContent = text;
  box.append(count, line);
  return box;
}

function monumentMarker(monument: Monument, look: Look, handlers: Handlers): Marker {
  const marker = new Marker([monument.geoLocX, monument.geoLocY], MARKER);
  setLook(marker, monument, look);
  if (monument.category === 'street')
    marker.on('add', () => marker.getElement()?.setAttribute('aria-label', look.label(monument)));
  // While its popup is bound, Leaflet's own handlers toggle it.
  const open = () => {
    if (!marker.getPopup()) handlers.openMonument(monument, marker);
  };
  marker.on('click', open);
  marker.on('keypress', (e: LeafletKeyboardEvent) => {
    if (activates(e)) open();
  });
  return marker;
}

function setLook(marker: Marker, monument: Monument, look: Look) {
  const label = look.label(monument);
  const fan = look.fan(monument);
  marker.options.title = label;
  marker.options.alt = label;
  marker.setIcon(markerIcon(monument.validated, fan?.index, fan?.count, monument));
  // A street's sign holds a symbol: its name is the label, not the symbol (Leaflet sets `alt` on images only).
  if (monument.category === 'street') marker.getElement()?.setAttribute('aria-label', label);
}

/** Time spent adding markers per frame: a zoom at 10,000 monuments replaces about 300, and one long
 * task for all of them would block a phone's main thread (the target is no task over 100 ms). A
 * budget in time, not a count, keeps each frame short on a slow phone too (the first 42 took one
 * task of 50 ms there). */
const FRAME_BUDGET_MS = 4;

/** What a drawn marker stands for across redraws: a monument by its id, a cluster by its key (its
 * smallest member at this zoom), whatever its count. */
const keyOf = (p: Placed) => (p.kind === 'marker' ? `m:${p.monument.id}` : `c:${p.cluster.key}`);

const focused = (marker: Marker) => {
  const el = marker.getElement();
  return !!el && el === document.activeElement;
};

export function createMarkerLayer(map: LeafletMap, handlers: Handlers) {
  const layer = new LayerGroup();
  const drawn = new Map<string, { marker: Marker; look: string }>();
  // After a cluster was opened by keyboard, focus goes to the first of its monuments now drawn.
  let focusWithin: Cluster['bounds'] | null = null;
  const zoomInto = (cluster: Cluster) => (byKeyboard: boolean) => {
    focusWithin = byKeyboard ? cluster.bounds : null;
    handlers.zoomInto(cluster);
  };
  /** A monument of the opened cluster, or else one of the smaller clusters it came apart into. */
  const firstWithin = (bounds: Cluster['bounds']): HTMLElement | undefined => {
    let cluster: HTMLElement | undefined;
    for (const [key, { marker }] of drawn) {
      const { lat, lng } = marker.getLatLng();
      if (lat < bounds.south || lat > bounds.north || lng < bounds.west || lng > bounds.east) continue;
      if (key.startsWith('m:')) return marker.getElement();
      cluster ??= marker.getElement();
    }
    return cluster;
  };
  let frame = 0;
  /** Where focus goes when its marker is removed without a successor: the map region. */
  const region = () => map.getContainer().focus({ preventScroll: true });
  const put = (key: string, p: Placed, look: Look, signature: string) => {
    const old = drawn.get(key);
    if (old && p.kind === 'marker') {
      // Same monument, new name, language or place: updated in place (its popup stays).
      old.marker.setLatLng([p.monument.geoLocX, p.monument.geoLocY]);
      setLook(old.marker, p.monument, look);
      drawn.set(key, { marker: old.marker, look: signature });
      return;
    }
    // A focused cluster redrawn (a new count or language) hands its focus to its successor, so a
    // key pressed next reaches the same cluster (a redraw under load lost a Space otherwise).
    const hadFocus = !!old && focused(old.marker);
    if (old) layer.removeLayer(old.marker);
    const marker =
      p.kind === 'marker' ? monumentMarker(p.monument, look, handlers) : clusterMarker(p.cluster, look, zoomInto(p.cluster));
    layer.addLayer(marker);
    const element = marker.getElement();
    element?.setAttribute('data-key', key);
    // Once at the focus and once more after the browser's own scrolling to it.
    element?.addEventListener('focus', () => {
      handlers.focused(marker);
      requestAnimationFrame(() => {
        if (document.activeElement === element) handlers.focused(marker);
      });
    });
    drawn.set(key, { marker, look: signature });
    if (hadFocus) element?.focus({ preventScroll: true });
  };
  return {
    /** Draws `placed`: as much as the budget allows at once, the rest per frame; `onDrawn` when all are on the map. */
    draw(placed: Placed[], look: Look, onDrawn: () => void) {
      cancelAnimationFrame(frame);
      const wanted = new Map(placed.map((p) => [keyOf(p), p]));
      for (const [key, d] of drawn) {
        if (wanted.has(key)) continue;
        // Focus never falls to the page's body: the map region holds it until this draw ends.
        if (focused(d.marker)) region();
        layer.removeLayer(d.marker);
        drawn.delete(key);
      }
      const work: Array<[string, Placed, string]> = [];
      for (const [key, p] of wanted) {
        const signature =
          p.kind === 'marker'
            ? `${look.label(p.monument)}|${p.monument.validated}|${p.monument.category}:${p.monument.sex}|${JSON.stringify(look.fan(p.monument))}|${p.monument.geoLocX},${p.monument.geoLocY}`
            : `${look.clusterLabel(p.cluster)}|${p.cluster.lat},${p.cluster.lng}`;
        if (drawn.get(key)?.look !== signature) work.push([key, p, signature]);
      }
      // The focused marker's successor first, in this task: no key press finds it gone.
      const now = work.findIndex(([key]) => {
        const d = drawn.get(key);
        return !!d && focused(d.marker);
      });
      if (now > 0) work.unshift(...work.splice(now, 1));
      const step = (from: number) => {
        const end = performance.now() + FRAME_BUDGET_MS;
        let next = from;
        while (next < work.length) {
          const item = work[next++];
          if (item) put(item[0], item[1], look, item[2]);
          if (performance.now() >= end) break;
        }
        if (next < work.length) {
          frame = requestAnimationFrame(() => step(next));
          return;
        }
        if (focusWithin) firstWithin(focusWithin)?.focus({ preventScroll: true });
        focusWithin = null;
        onDrawn();
      };
      step(0);
    },
    markerOf(monumentId: string): Marker | undefined {
      return drawn.get(`m:${monumentId}`)?.marker;
    },
    attach() {
      layer.addTo(map);
    },
    /** Off the map; its markers are kept for the next attach. */
    remove() {
      cancelAnimationFrame(frame);
      layer.remove();
    },
  };
}

export type MarkerLayer = ReturnType<typeof createMarkerLayer>;

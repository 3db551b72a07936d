// A Leaflet map as a React component, as react-leaflet's MapContainer, in two steps: the map is
// made when its element is attached, and what is drawn in it (tiles, markers, control texts) renders
// afterwards as a transition, which React splits into short tasks. react-leaflet's own renders it
// at once, in the same task as the map: on a phone's first load that was the longest task after the
// first paint (docs/performance.md).
import { createLeafletContext, LeafletContext, type LeafletContextInterface } from '@react-leaflet/core';
import { Map as LeafletMap, type LatLngExpression, type MapOptions } from 'leaflet';
import { reducedMotion } from '../layout/reducedMotion';
import { startTransition, useCallback, useImperativeHandle, useState, type ReactNode, type Ref } from 'react';

type Props = MapOptions & {
  center: LatLngExpression;
  zoom: number;
  className: string;
  children: ReactNode;
  /** The map, once it is made. */
  ref?: Ref<LeafletMap | null>;
};

export function MapContainer({ center, zoom, className, children, ref, ...options }: Props) {
  const [context, setContext] = useState<LeafletContextInterface | null>(null);
  useImperativeHandle<LeafletMap | null, LeafletMap | null>(ref, () => context?.map ?? null, [context]);
  // Made once, with the first props, as react-leaflet does (the children move it afterwards), and
  // removed with its element.
  // Tiles show at once, without Leaflet's fade: a fading tile counts as painted only at its end (the
  // first load's largest paint, 0.2 s later), and each fade frame is work for a phone. A visitor who
  // asked for less motion has no glide after a drag: the map stops where it is let go.
  const attach = useCallback((node: HTMLDivElement) => {
    const map = new LeafletMap(node, { fadeAnimation: false, inertia: !reducedMotion(), ...options }).setView(center, zoom);
    startTransition(() => setContext(createLeafletContext(map)));
    return () => void map.remove();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the first props make the map
  }, []);
  return (
    <div className={className} ref={attach}>
      {context ? <LeafletContext value={context}>{children}</LeafletContext> : null}
    </div>
  );
}
